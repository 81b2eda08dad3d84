import { sql, type SQL } from 'drizzle-orm';
import { maskCard } from '@mbo/contracts/money';
import {
  EXACT_COUNT_LIMIT, PAYMENT_STATUSES, type ListPaymentsQuery, type PaymentPage, type PaymentFilters, type PaymentRecord, type PaymentSort, type PaymentStatus,
  type PaymentStatusCounts, type RefundState,
} from '@mbo/contracts/payments';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';

/** A payments row as the list, detail and exports read it (raw SQL, snake case). */
export interface PaymentRow {
  id: string;
  merchant_order_no: string;
  amount: string | number;
  fee: string | number;
  currency: string;
  status: string;
  refund_status: string;
  refunded_amount: string | number;
  dispute_status: string | null;
  pay_method_type: string;
  pay_method_name: string;
  country: string;
  customer_email: string;
  customer_name: string;
  card_bin: string | null;
  card_last4: string | null;
  created_at: string | Date;
  paid_at: string | Date | null;
}

export const PAYMENT_COLUMNS = sql`id, merchant_order_no, amount, fee, currency, status, refund_status, refunded_amount, dispute_status,
  pay_method_type, pay_method_name, country, customer_email, customer_name, card_bin, card_last4, created_at, paid_at`;

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

export function toPaymentRecord(r: PaymentRow): PaymentRecord {
  const amount = Number(r.amount);
  const fee = Number(r.fee);
  return {
    paymentId: r.id,
    merchantOrderNo: r.merchant_order_no,
    amount,
    fee,
    net: amount - fee,
    currency: r.currency,
    status: r.status as PaymentStatus,
    refundStatus: r.refund_status as RefundState,
    refundedAmount: Number(r.refunded_amount),
    disputeStatus: r.dispute_status,
    payMethodType: r.pay_method_type,
    payMethodName: r.pay_method_name,
    country: r.country,
    customerEmail: r.customer_email,
    customerName: r.customer_name,
    cardMasked: maskCard(r.card_bin, r.card_last4),
    createdAt: iso(r.created_at),
    paidAt: r.paid_at === null ? null : iso(r.paid_at),
  };
}

/**
 * The WHERE of the payments list, its status counts and a payments export, always scoped to the
 * merchant. Every condition can use the merchant's indexes (payments_merchant_*_idx): the keyword is
 * an exact payment id (primary key), an exact merchant order no, or a case-insensitive prefix of the
 * customer email (payments_merchant_email_lower_idx).
 */
export function paymentWhere(merchantId: string, f: PaymentFilters, opts: { withStatus?: boolean } = {}): SQL {
  const where: SQL[] = [sql`merchant_id = ${merchantId}`];
  // The contract keeps dates within the years 1 to 9999 (common-schemas.ts isoDateTime).
  if (f.createdFrom) where.push(sql`created_at >= ${f.createdFrom}::timestamptz`);
  if (f.createdTo) where.push(sql`created_at <= ${f.createdTo}::timestamptz`);
  if (opts.withStatus !== false && f.status?.length) where.push(sql`status IN (${sql.join(f.status.map((s) => sql`${s}`), sql`, `)})`);
  if (f.payMethodType) where.push(sql`pay_method_type = ${f.payMethodType}`);
  if (f.payMethodName) where.push(sql`pay_method_name = ${f.payMethodName}`);
  if (f.currency) where.push(sql`currency = ${f.currency}`);
  if (f.amountMin !== undefined) where.push(sql`amount >= ${f.amountMin}`);
  if (f.amountMax !== undefined) where.push(sql`amount <= ${f.amountMax}`);
  if (f.country) where.push(sql`country = ${f.country.toUpperCase()}`);
  if (f.keyword) {
    const prefix = `${f.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(id = ${f.keyword} OR merchant_order_no = ${f.keyword} OR lower(customer_email) LIKE ${prefix})`);
  }
  return sql.join(where, sql` AND `);
}

// The merchant indexes are "created_at DESC NULLS LAST, id DESC NULLS LAST" (and amount DESC, id DESC):
// each ORDER BY spells the same null order, so PostgreSQL walks the index instead of sorting.
const ORDER_BY: Record<PaymentSort, SQL> = {
  'createdAt:desc': sql`created_at DESC NULLS LAST, id DESC NULLS LAST`,
  'createdAt:asc': sql`created_at ASC NULLS FIRST, id ASC NULLS FIRST`,
  'amount:desc': sql`amount DESC, id DESC`,
  'amount:asc': sql`amount ASC, id ASC`,
};

type Num = string | number;

/**
 * How many payments match: exact up to EXACT_COUNT_LIMIT (an index-only scan that stops there),
 * else the planner's estimate, never below the limit + 1. Counting a million rows exactly would
 * take the list far past its 50 ms budget.
 */
export async function countPayments(db: Db, where: SQL): Promise<{ total: number; exact: boolean }> {
  const [row] = rowsOf<{ n: Num }>(await db.execute(sql`SELECT count(*) AS n FROM (SELECT 1 FROM payments WHERE ${where} LIMIT ${EXACT_COUNT_LIMIT + 1}) s`));
  const n = Number(row?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return { total: n, exact: true };
  return { total: Math.max(await estimateRows(db, sql`SELECT 1 FROM payments WHERE ${where}`), EXACT_COUNT_LIMIT + 1), exact: false };
}

async function estimateRows(db: Db, query: SQL): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`));
  const raw = row ? Object.values(row)[0] : null;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | null;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** A page of the merchant's payments and the total under the same filters. */
export async function listPayments(
  db: Db,
  merchantId: string,
  q: ListPaymentsQuery,
): Promise<PaymentPage> {
  const where = paymentWhere(merchantId, q);
  const [count, rows] = await Promise.all([
    countPayments(db, where),
    db.execute(sql`
      SELECT ${PAYMENT_COLUMNS} FROM payments WHERE ${where}
       ORDER BY ${ORDER_BY[q.sort]} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
  ]);
  return { total: count.total, totalExact: count.exact, records: rowsOf<PaymentRow>(rows).map(toPaymentRecord) };
}

/**
 * Counts per status for the tiles above the list: the list's filters except status. One capped count
 * per status (each walks payments_merchant_status_created_idx), estimates above the limit.
 */
export async function paymentStatusCounts(db: Db, merchantId: string, f: PaymentFilters): Promise<PaymentStatusCounts> {
  const where = paymentWhere(merchantId, f, { withStatus: false });
  const counts = { ALL: 0 } as PaymentStatusCounts;
  const perStatus = await Promise.all(PAYMENT_STATUSES.map((s) => countPayments(db, sql`${where} AND status = ${s}`)));
  PAYMENT_STATUSES.forEach((s, i) => {
    counts[s] = perStatus[i].total;
    counts.ALL += perStatus[i].total;
  });
  return counts;
}
