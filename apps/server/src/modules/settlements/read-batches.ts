/**
 * Clearing batches: the open ones (/settlements/batch) and the history of closed and settled ones
 * (/settlements/batch/history), and one batch's detail, always scoped to the active merchant: another
 * merchant's (or an unknown) batch id is "not found" (002001B023), never data.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ListBatchesQuery, SettlementBatchPage, SettlementBatchRecord } from '@mbo/contracts/settlements';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createdRangeConditions } from '../../lib/date-range';
import { b, selectBatches, toBatchRecord } from './settlement-records';

const ORDER: Record<ListBatchesQuery['sort'], SQL> = {
  'closesAt:desc': sql`b.closes_at DESC, b.id DESC`,
  'closesAt:asc': sql`b.closes_at ASC, b.id ASC`,
};

/**
 * The WHERE over `settlement_batches b`; the created range bounds the cut-off instant. Index: merchant + status +
 * closes_at (0015).
 */
function batchWhere(merchantId: string, q: ListBatchesQuery): SQL {
  const all: SQL[] = [
    sql`b.merchant_id = ${merchantId}`,
    q.state === 'OPEN' ? sql`b.status = 'OPEN'` : sql`b.status IN ('CLOSED', 'SETTLED')`,
  ];
  all.push(...createdRangeConditions(sql`b.closes_at`, q));
  if (q.currency) all.push(sql`b.currency = ${q.currency}`);
  if (q.keyword) all.push(sql`b.id = ${q.keyword}`);
  return sql.join(all, sql` AND `);
}

export async function listBatches(db: DbOrTx, merchantId: string, q: ListBatchesQuery): Promise<SettlementBatchPage> {
  const where = batchWhere(merchantId, q);
  const [rows, [counted]] = await Promise.all([
    selectBatches(db)
      .where(where)
      .orderBy(ORDER[q.sort])
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(b).where(where),
  ]);
  return { total: counted.n, records: rows.map(toBatchRecord) };
}

export async function batchDetail(db: DbOrTx, merchantId: string, batchId: string): Promise<SettlementBatchRecord> {
  const [row] = await selectBatches(db).where(and(eq(b.id, batchId), eq(b.merchantId, merchantId)));
  if (!row) throw new AppError(ERROR_CODES.PAGE_DATA_NOT_EXISTS);
  return toBatchRecord(row);
}
