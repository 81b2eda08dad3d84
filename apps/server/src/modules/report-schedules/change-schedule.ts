import { eq } from 'drizzle-orm';
import type { ReportScheduleRecord } from '@mbo/contracts/report-schedules';
import type { Db } from '../../db/client';
import { reportSchedules } from '../../db/report-schedules-schema';
import type { AuthContext } from '../../plugins/session-store';
import { readExportChoice } from '../reports';
import { auditSchedule, findOwnSchedule, ruleOf, toScheduleRecords } from './schedule-record';
import { nextRunAfter } from './schedule-times';

/**
 * Pauses (no run until resumed; the periods in between are not caught up) or resumes (the next run after `now`)
 * a schedule. Resuming checks again that the user may still export its type. Audited when it changes.
 */
export async function setScheduleStatus(
  db: Db,
  auth: AuthContext,
  scheduleId: string,
  status: 'ACTIVE' | 'PAUSED',
  ip: string | null,
  now = new Date(),
): Promise<ReportScheduleRecord> {
  const row = await db.transaction(async (tx) => {
    const before = await findOwnSchedule(tx, auth, scheduleId, true);
    if (status === 'ACTIVE')
      readExportChoice(auth, { type: before.type, filters: before.filters, columns: before.columns });
    if (before.status === status) return before;
    const [updated] = await tx
      .update(reportSchedules)
      .set({ status, nextRunAt: status === 'ACTIVE' ? nextRunAfter(ruleOf(before), now) : null, updatedAt: now })
      .where(eq(reportSchedules.id, before.id))
      .returning();
    await auditSchedule(
      tx,
      auth,
      ip,
      status === 'ACTIVE' ? 'REPORT_SCHEDULE_RESUMED' : 'REPORT_SCHEDULE_PAUSED',
      before.id,
      { name: before.name, nextRunAt: updated.nextRunAt?.toISOString() ?? null },
    );
    return updated;
  });
  return (await toScheduleRecords(db, [row]))[0];
}

/** Deletes a schedule and its runs' records (the exports it made stay in the report centre). Audited. */
export async function deleteSchedule(db: Db, auth: AuthContext, scheduleId: string, ip: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findOwnSchedule(tx, auth, scheduleId, true);
    await tx.delete(reportSchedules).where(eq(reportSchedules.id, before.id));
    await auditSchedule(tx, auth, ip, 'REPORT_SCHEDULE_DELETED', before.id, {
      name: before.name,
      type: before.type,
      frequency: before.frequency,
    });
  });
}
