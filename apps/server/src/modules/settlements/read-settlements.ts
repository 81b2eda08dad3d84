/**
 * Settlement history and a settlement's detail, always scoped to the active merchant: another
 * merchant's (or an unknown) settlement id is "not found" (002001B023), never data.
 */
import { inList } from '../../lib/list-where';
import { sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ListSettlementsQuery, SettlementDetail, SettlementPage, SettlementTotals } from '@mbo/contracts/settlements';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dayRangeConditions, readDateRange } from '../../lib/date-range';
import { merchantTimeZone } from '../../lib/merchant-time-zone';
import { BATCH_COLUMNS, SETTLEMENT_COLUMNS, toBatchRecord, toSettlementRecord, type BatchRow, type SettlementRow } from './settlement-records';

/** The history's filters (the list request without paging and sort; an export's). */
export type SettlementFilters = Pick<ListSettlementsQuery, 'status' | 'currency' | 'keyword' | 'createdFrom' | 'createdTo'>;

const ORDER: Record<ListSettlementsQuery['sort'], SQL> = {
  'settlementDay:desc': sql`s.settlement_day DESC, s.id DESC`,
  'settlementDay:asc': sql`s.settlement_day ASC, s.id ASC`,
};
export const settlementOrder = (sort: ListSettlementsQuery['sort']) => ORDER[sort];

/**
 * The WHERE over `settlements s`. The created range bounds the settlement day: its instants are
 * taken as days in the merchant's zone (the list sends the first and last instant of the chosen
 * days there), through lib/date-range.ts, so any accepted instant is a day of the years 1 to 9999
 * there. Indexes: merchant + day, merchant + currency + day (migration 0015).
 */
export function settlementWhere(merchantId: string, timeZone: string, f: SettlementFilters): SQL {
  const all: SQL[] = [sql`s.merchant_id = ${merchantId}`];
  all.push(...dayRangeConditions(sql`s.settlement_day`, readDateRange(f.createdFrom, f.createdTo), timeZone));
  if (f.currency) all.push(sql`s.currency = ${f.currency}`);
  if (f.status?.length) all.push(inList(sql`s.status`, [...new Set(f.status)]));
  if (f.keyword) all.push(sql`(s.id = ${f.keyword} OR s.bank_reference = ${f.keyword})`);
  return sql.join(all, sql` AND `);
}

export async function listSettlements(db: DbOrTx, merchantId: string, q: ListSettlementsQuery): Promise<SettlementPage> {
  const where = settlementWhere(merchantId, await merchantTimeZone(db, merchantId), q);
  const [rows, totals] = await Promise.all([
    db.execute(sql`SELECT ${SETTLEMENT_COLUMNS} FROM settlements s WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
    db.execute(sql`
      SELECT s.currency, count(*)::int AS count, sum(s.gross) AS gross, sum(s.refunds) AS refunds, sum(s.fees) AS fees,
             sum(s.disputes) AS disputes, sum(s.reserve) AS reserve, sum(s.net) AS net
        FROM settlements s WHERE ${where} GROUP BY s.currency ORDER BY count(*) DESC, s.currency`),
  ]);
  const byCurrency = rowsOf<Record<keyof SettlementTotals, string | number>>(totals).map((t) => ({
    currency: String(t.currency), count: Number(t.count), gross: Number(t.gross), refunds: Number(t.refunds), fees: Number(t.fees),
    disputes: Number(t.disputes), reserve: Number(t.reserve), net: Number(t.net),
  }));
  return { total: byCurrency.reduce((n, t) => n + t.count, 0), records: rowsOf<SettlementRow>(rows).map(toSettlementRecord), totals: byCurrency };
}

export async function settlementDetail(db: DbOrTx, merchantId: string, settlementId: string): Promise<SettlementDetail> {
  const [row] = rowsOf<SettlementRow>(await db.execute(sql`SELECT ${SETTLEMENT_COLUMNS} FROM settlements s WHERE s.id = ${settlementId} AND s.merchant_id = ${merchantId}`));
  if (!row) throw new AppError(ERROR_CODES.PAGE_DATA_NOT_EXISTS);
  const batches = rowsOf<BatchRow>(
    await db.execute(sql`SELECT ${BATCH_COLUMNS} FROM settlement_batches b WHERE b.settlement_id = ${settlementId} AND b.merchant_id = ${merchantId} ORDER BY b.closes_at DESC, b.id DESC`),
  );
  return {
    ...toSettlementRecord(row),
    batches: batches.map(toBatchRecord),
    ledgerTransactionId: row.ledger_transaction_id === null ? null : String(row.ledger_transaction_id),
  };
}
