import { and, eq, inArray } from 'drizzle-orm';
import type {
  ReportScheduleFrequency,
  ReportScheduleRecord,
  ReportScheduleRunNote,
  ReportScheduleRunStatus,
  ReportScheduleStatus,
} from '@mbo/contracts/report-schedules';
import { reportScheduleRunNoteSchema } from '@mbo/contracts/report-schedules-schemas';
import { REPORT_SCHEDULE_ERRORS } from '@mbo/contracts/report-schedules';
import type { ExportFormat, ReportCentreType } from '@mbo/contracts/reports';
import type { DbOrTx } from '../../db/client';
import { reportScheduleRuns, reportSchedules } from '../../db/report-schedules-schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import type { AuthContext } from '../../plugins/session-store';
import { peopleByIds } from './member-access';
import type { ScheduleRule } from './schedule-times';

export type ScheduleRow = typeof reportSchedules.$inferSelect;

/** The rule of a schedule's runs (schedule-times.ts). */
export function ruleOf(
  row: Pick<ScheduleRow, 'frequency' | 'dayOfWeek' | 'dayOfMonth' | 'timeOfDay' | 'timeZone'>,
): ScheduleRule {
  return {
    frequency: row.frequency as ReportScheduleFrequency,
    dayOfWeek: row.dayOfWeek,
    dayOfMonth: row.dayOfMonth,
    time: row.timeOfDay,
    timeZone: row.timeZone,
  };
}

export function scheduleNotFound(): AppError {
  return new AppError(REPORT_SCHEDULE_ERRORS.NOT_FOUND, {
    text: { key: 'reportSchedules.notFound' },
  });
}

/**
 * One schedule of the user in the active merchant (each user keeps their own, as their exports), locked for a
 * change when `lock`; another merchant's or another user's id is "not found" (012001B043).
 */
export async function findOwnSchedule(
  db: DbOrTx,
  auth: AuthContext,
  scheduleId: string,
  lock = false,
): Promise<ScheduleRow> {
  const query = db
    .select()
    .from(reportSchedules)
    .where(
      and(
        eq(reportSchedules.id, scheduleId),
        eq(reportSchedules.merchantId, auth.merchantId),
        eq(reportSchedules.createdBy, auth.userId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw scheduleNotFound();
  return row;
}

/** A run's note as its columns: report_schedule_runs.note_code and note_values (migration 0035). */
export function noteColumns(note: ReportScheduleRunNote): { noteCode: string; noteValues: Record<string, unknown> } {
  return { noteCode: note.code, noteValues: note.values };
}

/** A run's note from its columns; none when it has no code (a run still going, or noted by an older release). */
function runNoteOf(run: { noteCode: string | null; noteValues: unknown }): ReportScheduleRunNote | null {
  if (run.noteCode === null) return null;
  const note = reportScheduleRunNoteSchema.safeParse({ code: run.noteCode, values: run.noteValues ?? {} });
  return note.success ? note.data : null;
}

/** The setting of a schedule its export refused (`filters.status`, `columns`), when the refusal names one. */
export function refusedField(err: AppError): string | null {
  const fields = (err.data as { fields?: { field?: unknown }[] } | null)?.fields;
  const field = fields?.[0]?.field;
  return typeof field === 'string' ? field : null;
}

/** Schedules as the API shows them: their recipients named, their last run's outcome. */
export async function toScheduleRecords(db: DbOrTx, rows: ScheduleRow[]): Promise<ReportScheduleRecord[]> {
  const people = await peopleByIds(db, [...new Set(rows.flatMap((r) => r.recipientIds))]);
  const runIds = rows.map((r) => r.lastRunId).filter((id): id is string => id !== null);
  const runs = new Map(
    (runIds.length
      ? await db
          .select({
            id: reportScheduleRuns.id,
            status: reportScheduleRuns.status,
            noteCode: reportScheduleRuns.noteCode,
            noteValues: reportScheduleRuns.noteValues,
            exportId: reportScheduleRuns.exportId,
          })
          .from(reportScheduleRuns)
          .where(inArray(reportScheduleRuns.id, runIds))
      : []
    ).map((r) => [r.id, r]),
  );
  return rows.map((row) => {
    const run = row.lastRunId ? runs.get(row.lastRunId) : undefined;
    return {
      scheduleId: row.id,
      name: row.name,
      type: row.type as ReportCentreType,
      format: row.format as ExportFormat,
      filters: row.filters,
      columns: row.columns,
      frequency: row.frequency as ReportScheduleFrequency,
      dayOfWeek: row.dayOfWeek,
      dayOfMonth: row.dayOfMonth,
      time: row.timeOfDay,
      timeZone: row.timeZone,
      recipients: row.recipientIds.map((id) => people.get(id) ?? { userId: id, name: '', email: null }),
      status: row.status as ReportScheduleStatus,
      nextRunAt: row.nextRunAt ? row.nextRunAt.toISOString() : null,
      lastRunAt: row.lastRunAt ? row.lastRunAt.toISOString() : null,
      lastRunStatus: (run?.status as ReportScheduleRunStatus | undefined) ?? null,
      lastRunNote: run ? runNoteOf(run) : null,
      lastExportId: run?.exportId ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** One audit row of a change to a schedule, by the caller, in the change's transaction. */
export async function auditSchedule(
  tx: DbOrTx,
  auth: AuthContext,
  ip: string | null,
  action: string,
  scheduleId: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await audit(tx, {
    action,
    outcome: 'SUCCESS',
    actorUserId: auth.userId,
    actorEmail: auth.email,
    merchantId: auth.merchantId,
    ip,
    targetType: 'REPORT_SCHEDULE',
    targetId: scheduleId,
    detail,
  });
}
