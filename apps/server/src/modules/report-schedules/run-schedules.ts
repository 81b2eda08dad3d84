import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { label } from '@mbo/contracts/labels';
import type { ReportScheduleRunNote } from '@mbo/contracts/report-schedules';
import type { ExportFormat, ExportType } from '@mbo/contracts/reports';
import type { Db, DbOrTx } from '../../db/client';
import { exportJobs } from '../../db/payments-schema';
import { reportScheduleRuns, reportSchedules } from '../../db/report-schedules-schema';
import { merchants } from '../../db/schema';
import { typedRows } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { recipientLocale, t, type Locale } from '../../lib/i18n/i18n';
import { newId } from '../../lib/ids';
import type { Notifier } from '../../mail/recipients';
import {
  reportScheduleEmail,
  scheduleReportWords,
  type ReportScheduleMail,
} from '../../mail/report-schedule-templates';
import { createExport, exportType, mayExportType, shareExport } from '../reports';
import { memberContexts, peopleByIds } from './member-access';
import { noteColumns, refusedField, ruleOf, type ScheduleRow } from './schedule-record';
import { latestRunAtOrBefore, nextRunAfter, periodOf } from './schedule-times';

/** @reads export_jobs, merchants (tables other modules own: db/table-owners.ts) */

export interface ScheduleTickOptions {
  /** The tick's clock (tests drive it); the database's own timestamps stay as they are. */
  now?: Date;
  jobs: JobQueue;
  notifier: Notifier;
}

export interface ScheduleTickResult {
  /** Runs whose export was queued. */
  started: number;
  /** Runs skipped because their creator no longer may export the report. */
  skipped: number;
  /** Runs whose recipients were mailed (or whose failure was told). */
  delivered: number;
  mails: number;
}

/** A tick handles at most this many schedules and runs (the next tick, a minute later, goes on). */
const MAX_PER_TICK = 500;

/**
 * One tick of the scheduler (report-schedules.tick, every minute; tests call it with their clock), safe to run on
 * several instances at once:
 * 1. every active schedule due by `now` is claimed (FOR UPDATE SKIP LOCKED: each by one tick) and gets one run for
 *    the latest period due (catching up after downtime sends the latest report once), recorded under
 *    (schedule_id, period_start) UNIQUE, and its next run after `now` in its zone; the run's export is queued
 *    as the report centre queues one, as its creator, in the same transaction;
 * 2. every run whose export finished is claimed the same way and delivered once: each recipient who may still read
 *    the report is mailed a link to it, the others are skipped and the creator is told.
 */
export async function runReportSchedules(db: Db, options: ScheduleTickOptions): Promise<ScheduleTickResult> {
  const now = options.now ?? new Date();
  const result: ScheduleTickResult = { started: 0, skipped: 0, delivered: 0, mails: 0 };
  for (let i = 0; i < MAX_PER_TICK && (await startNextDue(db, now, options, result)); i++);
  for (let i = 0; i < MAX_PER_TICK && (await deliverNextFinished(db, now, options, result)); i++);
  return result;
}

async function startNextDue(
  db: Db,
  now: Date,
  options: ScheduleTickOptions,
  result: ScheduleTickResult,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [schedule] = await tx
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.status, 'ACTIVE'), lte(reportSchedules.nextRunAt, now)))
      .orderBy(asc(reportSchedules.nextRunAt), asc(reportSchedules.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!schedule) return false;
    const rule = ruleOf(schedule);
    const periodStart = latestRunAtOrBefore(rule, now);
    const [run] = await tx
      .insert(reportScheduleRuns)
      .values({
        id: newId('RSR'),
        scheduleId: schedule.id,
        merchantId: schedule.merchantId,
        periodStart,
        status: 'RUNNING',
      })
      .onConflictDoNothing({ target: [reportScheduleRuns.scheduleId, reportScheduleRuns.periodStart] })
      .returning({ id: reportScheduleRuns.id });
    // The period ran already (a run recorded before a crash): only the next run moves on.
    if (run) await startRun(tx, schedule, run.id, periodStart, options, result);
    await tx
      .update(reportSchedules)
      .set({
        nextRunAt: nextRunAfter(rule, now),
        ...(run ? { lastRunAt: periodStart, lastRunId: run.id } : {}),
      })
      .where(eq(reportSchedules.id, schedule.id));
    return true;
  });
}

/** The run's export, as its creator as they are now; skipped when the creator lost access to the report. */
async function startRun(
  tx: DbOrTx,
  schedule: ScheduleRow,
  runId: string,
  periodStart: Date,
  options: ScheduleTickOptions,
  result: ScheduleTickResult,
): Promise<void> {
  const finish = (status: 'SKIPPED' | 'FAILED', note: ReportScheduleRunNote) =>
    tx
      .update(reportScheduleRuns)
      .set({ status, ...noteColumns(note), finishedAt: sql`now()` })
      .where(eq(reportScheduleRuns.id, runId));
  const creator = (await memberContexts(tx, schedule.merchantId, [schedule.createdBy])).get(schedule.createdBy);
  const def = exportType(schedule.type);
  if (!creator || !def || !mayExportType(creator, def, { reportCentre: true })) {
    await finish('SKIPPED', { code: 'CREATOR_NO_ACCESS', values: {} });
    result.skipped++;
    return;
  }
  const period = periodOf(ruleOf(schedule), periodStart);
  try {
    const created = await createExport(
      tx,
      options.jobs,
      creator,
      {
        type: schedule.type as ExportType,
        format: schedule.format as ExportFormat,
        timeZone: schedule.timeZone,
        createdFrom: period.from.toISOString(),
        createdTo: new Date(period.to.getTime() - 1).toISOString(),
        filters: schedule.filters,
        columns: schedule.columns,
      },
      null,
      { scheduleId: schedule.id },
    );
    await tx.update(reportScheduleRuns).set({ exportId: created.exportId }).where(eq(reportScheduleRuns.id, runId));
    result.started++;
  } catch (err) {
    // The export refused the saved settings (a filter its list no longer takes): recorded, the schedule goes on.
    if (!(err instanceof AppError)) throw err;
    await finish('FAILED', { code: 'EXPORT_REFUSED', values: { field: refusedField(err) } });
  }
}

const FINISHED_RUN = {
  id: reportScheduleRuns.id,
  schedule_id: reportScheduleRuns.scheduleId,
  period_start: reportScheduleRuns.periodStart,
  export_id: exportJobs.id,
  export_status: exportJobs.status,
  merchant_name: merchants.name,
};

async function deliverNextFinished(
  db: Db,
  now: Date,
  options: ScheduleTickOptions,
  result: ScheduleTickResult,
): Promise<boolean> {
  const mails = await db.transaction(async (tx) => {
    const [run] = await typedRows(
      tx,
      FINISHED_RUN,
      sql`
        SELECT r.id, r.schedule_id, r.period_start, e.id AS export_id, e.status AS export_status,
               m.name AS merchant_name
          FROM report_schedule_runs r
          JOIN export_jobs e ON e.id = r.export_id
          JOIN merchants m ON m.id = r.merchant_id
         WHERE r.status = 'RUNNING' AND e.status IN ('SUCCESS', 'FAILED', 'EXPIRED')
         ORDER BY r.created_at, r.id
         LIMIT 1
           FOR UPDATE OF r SKIP LOCKED`,
    );
    if (!run) return null;
    const [schedule] = await tx.select().from(reportSchedules).where(eq(reportSchedules.id, run.schedule_id));
    return deliverRun(tx, schedule, run, now, options);
  });
  if (mails === null) return false;
  result.delivered++;
  result.mails += mails;
  return true;
}

/** Delivers one finished run in the transaction that marks it done: its mails go when (and only if) it commits. */
async function deliverRun(
  tx: DbOrTx,
  schedule: ScheduleRow,
  run: { id: string; period_start: Date; export_id: string; export_status: string; merchant_name: string },
  now: Date,
  options: ScheduleTickOptions,
): Promise<number> {
  const rule = ruleOf(schedule);
  const period = periodOf(rule, run.period_start);
  // Every link names the schedule's merchant: a member of its parent merchant (signed in there) opens the page in
  // it, the app switching merchant first (the web's useLinkedMerchant).
  const base = `${options.notifier.publicUrl}/app/transactions/reports?merchantId=${encodeURIComponent(schedule.merchantId)}`;
  const facts = (link: string, lang: Locale) => ({
    merchantName: run.merchant_name,
    scheduleName: schedule.name,
    report: scheduleReportWords(
      label('EXPORT_TYPES', schedule.type, lang),
      label('EXPORT_FORMATS', schedule.format, lang),
      lang,
    ),
    period: `${period.fromDay === period.toDay ? period.fromDay : `${period.fromDay} – ${period.toDay}`} (${schedule.timeZone})`,
    link,
  });
  const scheduleLink = `${base}&tab=schedules`;
  const reportLink = `${base}&exportId=${encodeURIComponent(run.export_id)}`;
  const def = exportType(schedule.type);
  const members = await memberContexts(tx, schedule.merchantId, [schedule.createdBy, ...schedule.recipientIds]);
  const creator = members.get(schedule.createdBy);
  const creatorMay = creator !== undefined && def !== undefined && mayExportType(creator, def, { reportCentre: true });
  // Each mail in its recipient's language (users.locale; none: English); a notice in the creator's.
  const mail = async (to: { email: string; locale: string | null }, kind: ReportScheduleMail, link: string) => {
    const lang = recipientLocale(to.locale);
    await options.notifier.mailer.enqueue(tx, reportScheduleEmail(to.email, kind, facts(link, lang), lang));
  };
  const finish = (
    status: 'SENT' | 'SKIPPED' | 'FAILED',
    note: ReportScheduleRunNote,
    set: { sentTo?: string[]; skipped?: string[] } = {},
  ) =>
    tx
      .update(reportScheduleRuns)
      .set({ status, ...noteColumns(note), ...set, finishedAt: now })
      .where(eq(reportScheduleRuns.id, run.id));

  if (run.export_status !== 'SUCCESS') {
    await finish('FAILED', { code: 'EXPORT_FAILED', values: {} });
    if (!creatorMay) return 0;
    await mail(creator, { kind: 'FAILED' }, base);
    return 1;
  }
  if (!creatorMay) {
    await finish('SKIPPED', { code: 'CREATOR_NO_ACCESS', values: {} });
    return 0;
  }
  const allowed: string[] = [];
  const skipped: string[] = [];
  for (const id of schedule.recipientIds) {
    const member = members.get(id);
    if (member && mayExportType(member, def, { reportCentre: true })) allowed.push(id);
    else skipped.push(id);
  }
  await shareExport(tx, run.export_id, allowed);
  for (const id of allowed) await mail(members.get(id)!, { kind: 'READY' }, reportLink);
  let sent = allowed.length;
  const people = await peopleByIds(tx, skipped);
  if (skipped.length) {
    const named = skipped.map((id) => {
      const p = people.get(id);
      return p
        ? p.name
          ? `${p.name} (${p.email})`
          : p.email
        : t('mail:schedule.formerMember', recipientLocale(creator.locale));
    });
    await mail(creator, { kind: 'RECIPIENTS_SKIPPED', skipped: named, sentCount: allowed.length }, scheduleLink);
    sent++;
  }
  // The web words it in its reader's language: the skipped recipients by address (null: their user is gone).
  await finish(
    'SENT',
    {
      code: 'SENT',
      values: { sentCount: allowed.length, skipped: skipped.map((id) => people.get(id)?.email ?? null) },
    },
    { sentTo: allowed, skipped },
  );
  return sent;
}
