import { and, count, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  REPORT_SCHEDULE_ERRORS,
  REPORT_SCHEDULES_PER_USER,
  type ReportScheduleRecord,
  type SaveReportScheduleQuery,
  type UpdateReportScheduleQuery,
} from '@mbo/contracts/report-schedules';
import type { Db, DbOrTx } from '../../db/client';
import { reportSchedules } from '../../db/report-schedules-schema';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/session-store';
import { mayExportType, readExportChoice } from '../reports';
import { memberContexts } from './member-access';
import { auditSchedule, findOwnSchedule, ruleOf, toScheduleRecords, type ScheduleRow } from './schedule-record';
import { nextRunAfter } from './schedule-times';

function invalid(field: string, message: string): AppError {
  return new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: ${field} ${message}.`,
    data: { fields: [{ field, message }] },
  });
}

/** What a schedule's row holds of a create or update call. */
type ScheduleSettings = Pick<
  ScheduleRow,
  | 'name'
  | 'type'
  | 'format'
  | 'filters'
  | 'columns'
  | 'frequency'
  | 'dayOfWeek'
  | 'dayOfMonth'
  | 'timeOfDay'
  | 'timeZone'
  | 'recipientIds'
>;

/**
 * Checks a schedule as the report centre checks an export (readExportChoice: a type the user may export, its
 * list's filters, known columns) and its recipients: each an active member of the merchant who may export that
 * type. A refusal is 001000B001 naming the field; nothing is written before this passes.
 */
export async function readScheduleSettings(
  db: DbOrTx,
  auth: AuthContext,
  input: SaveReportScheduleQuery,
): Promise<ScheduleSettings> {
  const choice = readExportChoice(auth, { type: input.type, filters: input.filters, columns: input.columns });
  const recipientIds = [...new Set(input.recipientIds)];
  const members = await memberContexts(db, auth.merchantId, recipientIds);
  const refused = recipientIds.find((id) => {
    const member = members.get(id);
    return !member || !mayExportType(member, choice.def, { reportCentre: true });
  });
  if (refused !== undefined)
    throw invalid('recipientIds', `has ${refused}, who is not a member of this merchant who may read this report`);
  return {
    name: input.name,
    type: choice.def.type,
    format: input.format,
    filters: choice.filters,
    columns: choice.columns,
    frequency: input.frequency,
    dayOfWeek: input.frequency === 'WEEKLY' ? (input.dayOfWeek ?? null) : null,
    dayOfMonth: input.frequency === 'MONTHLY' ? (input.dayOfMonth ?? null) : null,
    timeOfDay: input.time,
    timeZone: input.timeZone,
    recipientIds,
  };
}

/** What the audit log keeps of a schedule's settings (who receives it by id). */
function auditSettings(s: ScheduleSettings): Record<string, unknown> {
  return {
    name: s.name,
    type: s.type,
    format: s.format,
    frequency: s.frequency,
    dayOfWeek: s.dayOfWeek,
    dayOfMonth: s.dayOfMonth,
    time: s.timeOfDay,
    timeZone: s.timeZone,
    recipientIds: s.recipientIds,
  };
}

/** A new active schedule of the user in the active merchant; its first run is the next one after `now`. */
export async function createSchedule(
  db: Db,
  auth: AuthContext,
  input: SaveReportScheduleQuery,
  ip: string | null,
  now = new Date(),
): Promise<ReportScheduleRecord> {
  const settings = await readScheduleSettings(db, auth, input);
  const nextRunAt = nextRunAfter(ruleOf(settings), now);
  const row = await db.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(reportSchedules)
      .where(and(eq(reportSchedules.merchantId, auth.merchantId), eq(reportSchedules.createdBy, auth.userId)));
    if (Number(n) >= REPORT_SCHEDULES_PER_USER)
      throw new AppError(REPORT_SCHEDULE_ERRORS.TOO_MANY, {
        text: { key: 'reportSchedules.tooMany', values: { count: REPORT_SCHEDULES_PER_USER } },
      });
    const [created] = await tx
      .insert(reportSchedules)
      .values({
        id: newId('RSC'),
        merchantId: auth.merchantId,
        createdBy: auth.userId,
        ...settings,
        status: 'ACTIVE',
        nextRunAt,
      })
      .returning();
    await auditSchedule(tx, auth, ip, 'REPORT_SCHEDULE_CREATED', created.id, auditSettings(settings));
    return created;
  });
  return (await toScheduleRecords(db, [row]))[0];
}

/** Replaces a schedule's settings; an active one's next run is worked out again from `now`. */
export async function updateSchedule(
  db: Db,
  auth: AuthContext,
  input: UpdateReportScheduleQuery,
  ip: string | null,
  now = new Date(),
): Promise<ReportScheduleRecord> {
  // "Not found" before any check of the settings: another user's id learns nothing.
  await findOwnSchedule(db, auth, input.scheduleId);
  const settings = await readScheduleSettings(db, auth, input);
  const row = await db.transaction(async (tx) => {
    const before = await findOwnSchedule(tx, auth, input.scheduleId, true);
    const [updated] = await tx
      .update(reportSchedules)
      .set({
        ...settings,
        nextRunAt: before.status === 'ACTIVE' ? nextRunAfter(ruleOf(settings), now) : null,
        updatedAt: now,
      })
      .where(eq(reportSchedules.id, before.id))
      .returning();
    await auditSchedule(tx, auth, ip, 'REPORT_SCHEDULE_UPDATED', before.id, {
      before: auditSettings(before),
      after: auditSettings(settings),
    });
    return updated;
  });
  return (await toScheduleRecords(db, [row]))[0];
}
