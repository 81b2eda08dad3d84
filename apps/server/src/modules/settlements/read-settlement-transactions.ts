/**
 * The payments of a settlement or of a clearing batch, newest capture first, with what each adds to
 * the net: amount − fee − the refund deducted from its batch (refunds.batch_id; at most one per
 * payment) − the dispute held from its batch (disputes.batch_id: amount + fee; at most one). Scoped to the active
 * merchant: another merchant's (or an unknown) id is "not found".
 *
 * A settlement's payments are in a few batches; each batch's are read in the order of the index
 * payments_batch_idx (batch_id, paid_at DESC, id DESC), one branch per batch, each limited to the
 * page's end, and the page is taken from their union: a page of a 100,000-payment settlement reads
 * a few dozen index entries, never sorts the settlement.
 */
import { inList } from '../../lib/list-where';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { SettlementTransactionPage, SettlementTransactionRecord } from '@mbo/contracts/settlements';
import type { DbOrTx } from '../../db/client';
import { payments, refunds } from '../../db/payments-schema';
import { settlementBatches } from '../../db/settlements-schema';
import { disputes } from '../../db/schema';
import { computed, orNull, typedRows, type Computed, type RowOf } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';

/** @reads disputes, payments, refunds (tables other modules own: db/table-owners.ts) */

export type TransactionsOf =
  { settlementId: string; batchId?: undefined } | { batchId: string; settlementId?: undefined };

export const SETTLEMENT_TRANSACTION_COLUMNS =
  sql.raw(`p.id, p.merchant_order_no, p.batch_id, p.currency, p.pay_method_name, p.paid_at,
  p.amount, p.fee, r.id AS refund_id, coalesce(r.amount, 0) AS refunded, d.id AS dispute_id, coalesce(d.held, 0) AS disputed`);
/** Joins the refund and the dispute deducted from the payment's batch. */
export const SETTLEMENT_TRANSACTION_FROM = sql.raw(
  'payments p LEFT JOIN refunds r ON r.payment_id = p.id AND r.batch_id = p.batch_id LEFT JOIN disputes d ON d.payment_id = p.id AND d.batch_id = p.batch_id',
);
export const SETTLEMENT_TRANSACTION_ORDER = sql.raw('p.paid_at DESC, p.id DESC');

/** The settlement transactions export reads these columns in plain SQL through reports/keyset.ts, as this row. */
export interface SettlementTransactionRow {
  id: string;
  merchant_order_no: string;
  batch_id: string;
  currency: string;
  pay_method_name: string;
  paid_at: string | Date;
  amount: string | number;
  fee: string | number;
  refund_id: string | null;
  refunded: string | number;
  dispute_id: string | null;
  disputed: string | number;
}

/** A nullable column of the payment that a batch's payment always has (its batch, its capture instant). */
function setInBatch<C extends PgColumn>(column: C): Computed<C['_']['data']> {
  return computed((value) => column.mapFromDriverValue(value));
}

/** SETTLEMENT_TRANSACTION_COLUMNS as the list reads them, typed and decoded from the schema. */
const SETTLEMENT_TRANSACTION_FIELDS = {
  id: payments.id,
  merchant_order_no: payments.merchantOrderNo,
  batch_id: setInBatch(payments.batchId),
  currency: payments.currency,
  pay_method_name: payments.payMethodName,
  paid_at: setInBatch(payments.paidAt),
  amount: payments.amount,
  fee: payments.fee,
  refund_id: orNull(refunds.id),
  refunded: computed(Number),
  dispute_id: orNull(disputes.id),
  disputed: computed(Number),
};

export function toSettlementTransactionRecord(
  r: RowOf<typeof SETTLEMENT_TRANSACTION_FIELDS>,
): SettlementTransactionRecord {
  return {
    paymentId: r.id,
    merchantOrderNo: r.merchant_order_no,
    batchId: r.batch_id,
    currency: r.currency,
    payMethodName: r.pay_method_name,
    capturedAt: r.paid_at.toISOString(),
    gross: r.amount,
    fee: r.fee,
    refunded: r.refunded,
    refundId: r.refund_id,
    disputed: r.disputed,
    disputeId: r.dispute_id,
    net: r.amount - r.fee - r.refunded - r.disputed,
  };
}

/** The batches of the settlement or the one batch, of this merchant, and their payment count; not found otherwise. */
export async function batchesOf(
  db: DbOrTx,
  merchantId: string,
  of: TransactionsOf,
): Promise<{ batchIds: string[]; payments: number }> {
  const b = settlementBatches;
  const select = db.select({ id: b.id, paymentCount: b.paymentCount }).from(b);
  const rows = await (of.settlementId !== undefined
    ? select.where(and(eq(b.settlementId, of.settlementId), eq(b.merchantId, merchantId))).orderBy(asc(b.id))
    : select.where(and(eq(b.id, of.batchId), eq(b.merchantId, merchantId))));
  if (!rows.length) throw new AppError(ERROR_CODES.PAGE_DATA_NOT_EXISTS);
  return { batchIds: rows.map((r) => r.id), payments: rows.reduce((n, r) => n + r.paymentCount, 0) };
}

/** The WHERE over the payments of these batches (of this merchant). */
export function settlementTransactionWhere(merchantId: string, batchIds: string[]): SQL {
  return sql`p.merchant_id = ${merchantId} AND ${inList(sql`p.batch_id`, batchIds)}`;
}

export async function listSettlementTransactions(
  db: DbOrTx,
  merchantId: string,
  of: TransactionsOf,
  page: { pageNum: number; pageSize: number },
): Promise<SettlementTransactionPage> {
  const { batchIds, payments } = await batchesOf(db, merchantId, of);
  const offset = (page.pageNum - 1) * page.pageSize;
  if (offset >= payments) return { total: payments, records: [] };
  const branches = batchIds.map(
    (batchId) => sql`(SELECT ${SETTLEMENT_TRANSACTION_COLUMNS} FROM ${SETTLEMENT_TRANSACTION_FROM}
    WHERE p.batch_id = ${batchId} AND p.merchant_id = ${merchantId} ORDER BY ${SETTLEMENT_TRANSACTION_ORDER} LIMIT ${offset + page.pageSize})`,
  );
  const rows = await typedRows(
    db,
    SETTLEMENT_TRANSACTION_FIELDS,
    sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) p ORDER BY ${SETTLEMENT_TRANSACTION_ORDER} LIMIT ${page.pageSize} OFFSET ${offset}`,
  );
  return { total: payments, records: rows.map(toSettlementTransactionRecord) };
}
