import { escapeLike, inList } from '../../lib/list-where';
import { createdRangeConditions } from '../../lib/date-range';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  PAYOUT_STATUSES,
  type CurrencyTotals,
  type ListPayoutBatchesQuery,
  type ListPayoutsQuery,
  type PayoutBatchRecord,
  type PayoutBatchStatus,
  type PayoutDetail,
  type PayoutRecord,
  type PayoutStatus,
} from '@mbo/contracts/payouts';
import type { Db, DbOrTx } from '../../db/client';
import { payoutBatches, payouts } from '../../db/money-out-schema';
import { computed, typedRows, type RowOf } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { cappedCount } from '../../db/capped-count';
import { iso, isoOrNull } from '../../lib/iso-timestamp';
import { readTimeline, statusOf } from '../timeline';
import { PAYOUT, PAYOUT_COLUMNS, payoutWhere, toPayoutRecord } from './payout-record';

/**
 * The payout history (or a batch's rows, in file order), newest first, with how many match (exact up to the count
 * limit).
 */
export async function listPayouts(
  db: Db,
  merchantId: string,
  q: ListPayoutsQuery,
  /** The total's database: the read replica of a replica-routed call (request.reader), else the page's. */
  countDb: Db = db,
): Promise<Page<PayoutRecord> & { totalExact: boolean }> {
  const where = payoutWhere(merchantId, q);
  const order = q.batchId ? sql`o.row_no` : sql`o.created_at DESC, o.id DESC`;
  const [count, rows] = await Promise.all([
    cappedCount(countDb, sql`SELECT 1 FROM payouts o WHERE ${where}`),
    typedRows(
      db,
      PAYOUT,
      sql`SELECT ${PAYOUT_COLUMNS} FROM payouts o WHERE ${where} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { total: count.total, totalExact: count.exact, records: rows.map(toPayoutRecord) };
}

export async function readPayout(db: DbOrTx, merchantId: string, id: string): Promise<PayoutRecord> {
  const [row] = await typedRows(
    db,
    PAYOUT,
    sql`SELECT ${PAYOUT_COLUMNS} FROM payouts o WHERE o.id = ${id} AND o.merchant_id = ${merchantId}`,
  );
  if (!row) throw new AppError(ERROR_CODES.PAYOUT_NOT_FOUND, { msg: 'Payout not found.' });
  return toPayoutRecord(row);
}

/** One payout with its service, routing details and timeline; another merchant's id is "not found". */
export async function readPayoutDetail(db: Db, merchantId: string, id: string): Promise<PayoutDetail> {
  const record = await readPayout(db, merchantId, id);
  const [extra] = await db
    .select({ service_id: payouts.serviceId, routing_code: payouts.routingCode, bic: payouts.bic })
    .from(payouts)
    .where(eq(payouts.id, id));
  const events = await readTimeline(
    db,
    merchantId,
    { entityType: 'PAYOUT', entityId: id },
    ...(record.batchId === null ? [] : [{ entityType: 'PAYOUT_BATCH', entityId: record.batchId }]),
  );
  return {
    ...record,
    serviceId: extra.service_id,
    routingCode: extra.routing_code,
    bic: extra.bic,
    events: events.map((e) => ({
      type: e.type,
      // Every payout and batch event has a status (each of their writers sets one), as the detail's answer says.
      status: statusOf(e),
      note: e.note,
      actor: e.actor,
      createdAt: e.createdAt,
    })),
  };
}

const b = payoutBatches;
/** A payout_batches row as BATCH_COLUMNS select it, typed from the schema. */
const BATCH = {
  id: b.id,
  file_name: b.fileName,
  status: b.status,
  row_count: b.rowCount,
  created_by: b.createdBy,
  created_at: b.createdAt,
  finished_at: b.finishedAt,
};
type BatchRow = RowOf<typeof BATCH>;

/** Counts and totals of the given batches' rows, by batch. */
async function batchFigures(
  db: DbOrTx,
  batchIds: string[],
): Promise<Map<string, { counts: Record<PayoutStatus, number>; totals: CurrencyTotals[] }>> {
  const out = new Map<string, { counts: Record<PayoutStatus, number>; totals: CurrencyTotals[] }>();
  if (!batchIds.length) return out;
  const ids = sql.join(
    batchIds.map((b) => sql`${b}`),
    sql`, `,
  );
  const rows = await typedRows(
    db,
    {
      batch_id: computed(String),
      currency: payouts.currency,
      status: payouts.status,
      n: computed(Number),
      amount: computed(Number),
      fee: computed(Number),
    },
    sql`
    SELECT batch_id, currency, status, count(*) AS n, sum(amount) AS amount, sum(fee) AS fee FROM payouts WHERE batch_id IN (${ids}) GROUP BY 1, 2, 3`,
  );
  for (const id of batchIds)
    out.set(id, {
      counts: Object.fromEntries(PAYOUT_STATUSES.map((s) => [s, 0])) as Record<PayoutStatus, number>,
      totals: [],
    });
  for (const r of rows) {
    const figures = out.get(r.batch_id)!;
    figures.counts[r.status as PayoutStatus] += Number(r.n);
    let t = figures.totals.find((x) => x.currency === r.currency);
    if (!t)
      figures.totals.push((t = { currency: r.currency, count: 0, amount: 0, fee: 0, paidAmount: 0, failedAmount: 0 }));
    t.count += Number(r.n);
    t.amount += Number(r.amount);
    t.fee += Number(r.fee);
    if (r.status === 'SUCCESS') t.paidAmount += Number(r.amount);
    if (r.status === 'FAILED' || r.status === 'CANCELLED') t.failedAmount += Number(r.amount);
  }
  for (const f of out.values()) f.totals.sort((a, b) => a.currency.localeCompare(b.currency));
  return out;
}

async function toBatchRecords(db: DbOrTx, rows: BatchRow[]): Promise<PayoutBatchRecord[]> {
  const figures = await batchFigures(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    batchId: r.id,
    fileName: r.file_name,
    status: r.status as PayoutBatchStatus,
    rowCount: Number(r.row_count),
    ...figures.get(r.id)!,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    finishedAt: isoOrNull(r.finished_at),
  }));
}

const BATCH_COLUMNS = sql`b.id, b.file_name, b.status, b.row_count, b.created_by, b.created_at, b.finished_at`;

export async function listPayoutBatches(
  db: Db,
  merchantId: string,
  q: ListPayoutBatchesQuery,
): Promise<Page<PayoutBatchRecord>> {
  const where: SQL[] = [sql`b.merchant_id = ${merchantId}`];
  where.push(...createdRangeConditions(sql`b.created_at`, q));
  if (q.status?.length) where.push(inList(sql`b.status`, q.status));
  if (q.keyword) where.push(sql`(b.id = ${q.keyword} OR b.file_name ILIKE ${`%${escapeLike(q.keyword)}%`})`);
  const condition = sql.join(where, sql` AND `);
  const [countRows, rows] = await Promise.all([
    typedRows(db, { total: computed(Number) }, sql`SELECT count(*) AS total FROM payout_batches b WHERE ${condition}`),
    typedRows(
      db,
      BATCH,
      sql`SELECT ${BATCH_COLUMNS} FROM payout_batches b WHERE ${condition} ORDER BY b.created_at DESC, b.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return {
    total: countRows[0]?.total ?? 0,
    records: await toBatchRecords(db, rows),
  };
}

export async function readPayoutBatch(db: DbOrTx, merchantId: string, id: string): Promise<PayoutBatchRecord> {
  const rows = await typedRows(
    db,
    BATCH,
    sql`SELECT ${BATCH_COLUMNS} FROM payout_batches b WHERE b.id = ${id} AND b.merchant_id = ${merchantId}`,
  );
  if (!rows.length) throw new AppError(ERROR_CODES.PAYOUT_BATCH_NOT_FOUND, { msg: 'Payout batch not found.' });
  return (await toBatchRecords(db, rows))[0];
}
