/**
 * Settlement history and a settlement's detail, always scoped to the active merchant: another
 * merchant's (or an unknown) settlement id is "not found" (002001B023), never data.
 */
import { inList } from '../../lib/list-where';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ListSettlementsQuery, SettlementDetail, SettlementPage } from '@mbo/contracts/settlements';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dayRangeConditions, readDateRange } from '../../lib/date-range';
import { merchantTimeZone } from '../merchants';
import { b, s, selectBatches, selectSettlements, toBatchRecord, toSettlementRecord } from './settlement-records';

/** The history's filters (the list request without paging and sort; an export's). */
export type SettlementFilters = Pick<
  ListSettlementsQuery,
  'status' | 'currency' | 'keyword' | 'createdFrom' | 'createdTo'
>;

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

export async function listSettlements(
  db: DbOrTx,
  merchantId: string,
  q: ListSettlementsQuery,
): Promise<SettlementPage> {
  const where = settlementWhere(merchantId, await merchantTimeZone(db, merchantId), q);
  const [rows, totals] = await Promise.all([
    selectSettlements(db)
      .where(where)
      .orderBy(ORDER[q.sort])
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db
      .select({
        currency: s.currency,
        count: sql<number>`count(*)::int`.mapWith(Number),
        gross: sumOf(s.gross),
        refunds: sumOf(s.refunds),
        fees: sumOf(s.fees),
        disputes: sumOf(s.disputes),
        reserve: sumOf(s.reserve),
        net: sumOf(s.net),
      })
      .from(s)
      .where(where)
      .groupBy(s.currency)
      .orderBy(sql`count(*) DESC`, s.currency),
  ]);
  return { total: totals.reduce((n, t) => n + t.count, 0), records: rows.map(toSettlementRecord), totals };
}

/** A sum of minor units (numeric in SQL, text on the wire) as a number; the group is never empty. */
const sumOf = (column: AnyPgColumn) => sql<number>`sum(${column})`.mapWith(Number);

export async function settlementDetail(
  db: DbOrTx,
  merchantId: string,
  settlementId: string,
): Promise<SettlementDetail> {
  const [row] = await selectSettlements(db).where(and(eq(s.id, settlementId), eq(s.merchantId, merchantId)));
  if (!row) throw new AppError(ERROR_CODES.PAGE_DATA_NOT_EXISTS);
  const batches = await selectBatches(db)
    .where(and(eq(b.settlementId, settlementId), eq(b.merchantId, merchantId)))
    .orderBy(desc(b.closesAt), desc(b.id));
  return {
    ...toSettlementRecord(row),
    batches: batches.map(toBatchRecord),
    ledgerTransactionId: row.ledgerTransactionId === null ? null : String(row.ledgerTransactionId),
  };
}
