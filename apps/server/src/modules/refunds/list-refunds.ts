import { moneyListWhere } from '../../lib/list-where';
import { sql, type SQL } from 'drizzle-orm';
import type { Page } from '@mbo/contracts/envelope';
import type { ListRefundsQuery, RefundFilters, RefundRecord } from '@mbo/contracts/refunds';
import type { Db } from '../../db/client';
import { computed, typedRows } from '../../db/typed-rows';
import { REFUND, REFUND_COLUMNS, toRefundRecord } from './refund-record';

/** @reads payments (tables other modules own: db/table-owners.ts) */

/** The WHERE of the refunds list (and of a refunds export), always scoped to the merchant. */
export function refundWhere(merchantId: string, f: RefundFilters): SQL {
  return moneyListWhere('r', merchantId, f, [
    f.keyword ? sql`(r.id = ${f.keyword} OR r.payment_id = ${f.keyword})` : undefined,
  ]);
}

/** Refunds of the merchant, newest first, with the total under the same filters. */
export async function listRefunds(db: Db, merchantId: string, q: ListRefundsQuery): Promise<Page<RefundRecord>> {
  const where = refundWhere(merchantId, q);
  const [countRows, rows] = await Promise.all([
    typedRows(db, { total: computed(Number) }, sql`SELECT count(*) AS total FROM refunds r WHERE ${where}`),
    typedRows(
      db,
      REFUND,
      sql`
      SELECT ${REFUND_COLUMNS} FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
       WHERE ${where} ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return {
    total: countRows[0]?.total ?? 0,
    records: rows.map(toRefundRecord),
  };
}
