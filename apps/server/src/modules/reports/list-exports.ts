import { and, count, desc, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ExportRecord } from '@mbo/contracts/reports';
import type { DbOrTx } from '../../db/client';
import { exportJobs } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/session-store';
import { toExportRecord } from './export-record';

/** The user's exports for the active merchant, newest first. */
export async function listExports(
  db: DbOrTx,
  auth: AuthContext,
  page: { pageNum: number; pageSize: number },
): Promise<{ total: number; records: ExportRecord[] }> {
  const where = and(eq(exportJobs.merchantId, auth.merchantId), eq(exportJobs.userId, auth.userId));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(exportJobs)
      .where(where)
      .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(exportJobs).where(where),
  ]);
  return { total: Number(n), records: rows.map(toExportRecord) };
}

/** One export of the user in the active merchant; another merchant's (or user's) id is "not found" (012001B040). */
export async function findExport(db: DbOrTx, auth: AuthContext, exportId: string) {
  const [job] = await db
    .select()
    .from(exportJobs)
    .where(
      and(eq(exportJobs.id, exportId), eq(exportJobs.merchantId, auth.merchantId), eq(exportJobs.userId, auth.userId)),
    )
    .limit(1);
  if (!job) throw new AppError(ERROR_CODES.EXPORT_NOT_FOUND, { msg: 'Export not found.' });
  return job;
}
