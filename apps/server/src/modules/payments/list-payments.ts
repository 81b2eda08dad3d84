import { inList, likePrefix } from '../../lib/list-where';
import { createdRangeConditions } from '../../lib/date-range';
import { sql, type SQL } from 'drizzle-orm';
import { maskCard } from '@mbo/contracts/money';
import {
  PAYMENT_STATUSES,
  type ListPaymentsQuery,
  type PaymentPage,
  type PaymentFilters,
  type PaymentRecord,
  type PaymentSort,
  type PaymentStatus,
  type PaymentStatusCounts,
  type RefundState,
} from '@mbo/contracts/payments';
import type { Db } from '../../db/client';
import { payments } from '../../db/payments-schema';
import { typedRows, type RowOf } from '../../db/typed-rows';
import { cappedCount, type CappedCount } from '../../db/capped-count';

/** A payments row as the list, detail and exports read it (PAYMENT_COLUMNS, snake case), typed from the schema. */
export const PAYMENT = {
  id: payments.id,
  merchant_order_no: payments.merchantOrderNo,
  amount: payments.amount,
  fee: payments.fee,
  currency: payments.currency,
  status: payments.status,
  refund_status: payments.refundStatus,
  refunded_amount: payments.refundedAmount,
  dispute_status: payments.disputeStatus,
  pay_method_type: payments.payMethodType,
  pay_method_name: payments.payMethodName,
  country: payments.country,
  customer_email: payments.customerEmail,
  customer_name: payments.customerName,
  card_bin: payments.cardBin,
  card_last4: payments.cardLast4,
  created_at: payments.createdAt,
  paid_at: payments.paidAt,
};
export type PaymentRow = RowOf<typeof PAYMENT>;

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

/** The payments list's filters as SQL: the plain conditions, and the keyword's alternatives (any may match). */
interface PaymentConditions {
  all: SQL[];
  keyword: SQL[] | null;
}

/**
 * The conditions of the payments list, always scoped to the merchant. Every condition can use the
 * merchant's indexes (payments_merchant_*_idx): the keyword is an exact payment id (primary key), an
 * exact merchant order no, or a case-insensitive prefix of the customer email
 * (payments_merchant_email_cover_idx, migration 0012).
 */
function paymentConditions(merchantId: string, f: PaymentFilters, opts: { withStatus?: boolean }): PaymentConditions {
  const all: SQL[] = [sql`merchant_id = ${merchantId}`];
  // The contract keeps dates within the years 1 to 9999 (common-schemas.ts isoDateTime).
  all.push(...createdRangeConditions(sql`created_at`, f));
  if (opts.withStatus !== false && f.status?.length) all.push(inList(sql`status`, f.status));
  if (f.payMethodType) all.push(sql`pay_method_type = ${f.payMethodType}`);
  if (f.payMethodName) all.push(sql`pay_method_name = ${f.payMethodName}`);
  if (f.currency) all.push(sql`currency = ${f.currency}`);
  if (f.amountMin !== undefined) all.push(sql`amount >= ${f.amountMin}`);
  if (f.amountMax !== undefined) all.push(sql`amount <= ${f.amountMax}`);
  if (f.country) all.push(sql`country = ${f.country.toUpperCase()}`);
  if (!f.keyword) return { all, keyword: null };
  const prefix = likePrefix(f.keyword);
  return {
    all,
    keyword: [sql`id = ${f.keyword}`, sql`merchant_order_no = ${f.keyword}`, sql`lower(customer_email) LIKE ${prefix}`],
  };
}

/** The WHERE of the payments list, its status counts and a payments export (see paymentConditions). */
export function paymentWhere(merchantId: string, f: PaymentFilters, opts: { withStatus?: boolean } = {}): SQL {
  return paymentWhereOf(paymentConditions(merchantId, f, opts));
}

// The merchant indexes are "created_at DESC NULLS LAST, id DESC NULLS LAST" (and amount DESC, id DESC):
// each ORDER BY spells the same null order, so PostgreSQL walks the index instead of sorting.
const ORDER_BY: Record<PaymentSort, SQL> = {
  'createdAt:desc': sql`created_at DESC NULLS LAST, id DESC NULLS LAST`,
  'createdAt:asc': sql`created_at ASC NULLS FIRST, id ASC NULLS FIRST`,
  'amount:desc': sql`amount DESC, id DESC`,
  'amount:asc': sql`amount ASC, id ASC`,
};

/**
 * How many payments match (lib/capped-count.ts: exact up to EXACT_COUNT_LIMIT, else an estimate).
 * A keyword is counted one capped scan per alternative (id, order no, email prefix; a UNION)
 * instead of an OR that would visit every matching row in the table.
 */
function countMatching(db: Db, c: PaymentConditions): Promise<CappedCount> {
  const base = sql.join(c.all, sql` AND `);
  const alternatives =
    c.keyword?.map((k) => sql`WITH m AS MATERIALIZED (${matchesOf(base, k)}) SELECT id FROM m`) ?? [];
  return cappedCount(db, sql`SELECT 1 FROM payments WHERE ${paymentWhereOf(c)}`, alternatives);
}

/**
 * The rows of one keyword alternative, fenced (a MATERIALIZED CTE): planned to find all its matches
 * by its own index (primary key, order no, payments_merchant_email_cover_idx), never as a walk of the
 * merchant's payments newest first hoping to meet a match soon, which at a million payments takes
 * seconds when the planner overestimates the matches. Its cost is the number of matches.
 */
function matchesOf(base: SQL, alternative: SQL): SQL {
  return sql`SELECT id, created_at, amount FROM payments WHERE ${base} AND ${alternative}`;
}

function paymentWhereOf({ all, keyword }: PaymentConditions): SQL {
  return sql.join(keyword ? [...all, sql`(${sql.join(keyword, sql` OR `)})`] : all, sql` AND `);
}

/**
 * A keyword's page: each alternative (id, order no, email prefix) is its own indexed branch that
 * returns its first offset + pageSize ids in the list's order; the page is taken from their union.
 * An OR of the three leaves the planner a choice between walking the whole merchant newest first
 * (seconds at a million payments when the keyword is a single id) and reading every match.
 */
function keywordPageSql(all: SQL[], keyword: SQL[], order: SQL, pageSize: number, offset: number): SQL {
  const base = sql.join(all, sql` AND `);
  const branches = keyword.map(
    (k) =>
      sql`(WITH m AS MATERIALIZED (${matchesOf(base, k)}) SELECT id FROM m ORDER BY ${order} LIMIT ${offset + pageSize})`,
  );
  return sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE ${base} AND id IN (${sql.join(branches, sql` UNION `)})
    ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`;
}

/**
 * A page of the merchant's payments and the total under the same filters. The count may be read from
 * another database than the page (`countDb`: the read replica of a replica-routed call, request.reader).
 */
export async function listPayments(
  db: Db,
  merchantId: string,
  q: ListPaymentsQuery,
  countDb: Db = db,
): Promise<PaymentPage> {
  const conditions = paymentConditions(merchantId, q, {});
  const order = ORDER_BY[q.sort];
  const offset = (q.pageNum - 1) * q.pageSize;
  const [count, rows] = await Promise.all([
    countMatching(countDb, conditions),
    typedRows(
      db,
      PAYMENT,
      conditions.keyword
        ? keywordPageSql(conditions.all, conditions.keyword, order, q.pageSize, offset)
        : sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE ${paymentWhereOf(conditions)} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${offset}`,
    ),
  ]);
  return { total: count.total, totalExact: count.exact, records: rows.map(toPaymentRecord) };
}

/**
 * Counts per status for the tiles above the list: the list's filters except status. One capped count
 * per status (each walks payments_merchant_status_created_idx), estimates above the limit.
 */
export async function paymentStatusCounts(db: Db, merchantId: string, f: PaymentFilters): Promise<PaymentStatusCounts> {
  const conditions = paymentConditions(merchantId, f, { withStatus: false });
  const counts = { ALL: 0 } as PaymentStatusCounts;
  const perStatus = await Promise.all(
    PAYMENT_STATUSES.map((s) => countMatching(db, { ...conditions, all: [...conditions.all, sql`status = ${s}`] })),
  );
  PAYMENT_STATUSES.forEach((s, i) => {
    counts[s] = perStatus[i].total;
    counts.ALL += perStatus[i].total;
  });
  return counts;
}
