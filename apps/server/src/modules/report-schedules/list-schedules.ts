import { and, count, desc, eq } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type { ReportScheduleRecord } from '@mbo/contracts/report-schedules';
import type { Db } from '../../db/client';
import { reportSchedules } from '../../db/report-schedules-schema';
import type { AuthContext } from '../../plugins/session-store';
import { toScheduleRecords } from './schedule-record';

/** The user's schedules in the active merchant, newest first. */
export async function listSchedules(
  db: Db,
  auth: AuthContext,
  page: { pageNum: number; pageSize: number },
): Promise<Page<ReportScheduleRecord>> {
  const where = and(eq(reportSchedules.merchantId, auth.merchantId), eq(reportSchedules.createdBy, auth.userId));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(reportSchedules)
      .where(where)
      .orderBy(desc(reportSchedules.createdAt), desc(reportSchedules.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(reportSchedules).where(where),
  ]);
  return { total: Number(n), records: await toScheduleRecords(db, rows) };
}
