import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ExportRecord } from '@mbo/contracts/reports';
import type { DbOrTx } from '../../db/client';
import { exportJobs } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/session-store';
import { mayExportType } from './export-access';
import { toExportRecord } from './export-record';
import { exportType } from './export-types';

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

/**
 * One export of the active merchant that the user owns, or that was shared with them (a scheduled report's
 * recipient, createExport.ts shareExport) while their role, as it is now, may still export its type; any other id
 * (another merchant's, another user's) is "not found" (012001B040).
 */
export async function findExport(db: DbOrTx, auth: AuthContext, exportId: string) {
  const [job] = await db
    .select()
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.id, exportId),
        eq(exportJobs.merchantId, auth.merchantId),
        or(eq(exportJobs.userId, auth.userId), sql`${auth.userId}::uuid = ANY(${exportJobs.readerIds})`),
      ),
    )
    .limit(1);
  if (!job || (job.userId !== auth.userId && !sharedOpenTo(auth, job.type)))
    throw new AppError(ERROR_CODES.EXPORT_NOT_FOUND, { msg: 'Export not found.' });
  return job;
}

function sharedOpenTo(auth: AuthContext, type: string): boolean {
  const def = exportType(type);
  return def !== undefined && mayExportType(auth, def, { reportCentre: true });
}
