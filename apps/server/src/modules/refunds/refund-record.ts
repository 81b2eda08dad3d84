import { sql } from 'drizzle-orm';
import type { RefundReason, RefundRecord, RefundStatus } from '@mbo/contracts/refunds';
import { payments, refunds } from '../../db/payments-schema';
import { orNull, type RowOf } from '../../db/typed-rows';
import { iso, isoOrNull } from '../../lib/iso-timestamp';

/** @reads payments (tables other modules own: db/table-owners.ts) */

/**
 * A refunds row joined with its payment's order number, as the list, detail and create calls read it
 * (REFUND_COLUMNS), typed from the schema.
 */
export const REFUND = {
  id: refunds.id,
  payment_id: refunds.paymentId,
  merchant_order_no: orNull(payments.merchantOrderNo),
  amount: refunds.amount,
  currency: refunds.currency,
  reason: refunds.reason,
  note: refunds.note,
  status: refunds.status,
  failure_reason: refunds.failureReason,
  created_at: refunds.createdAt,
  finished_at: refunds.finishedAt,
};
export type RefundRow = RowOf<typeof REFUND>;

/** The select list of REFUND (refunds r LEFT JOIN payments p). */
export const REFUND_COLUMNS = sql`r.id, r.payment_id, p.merchant_order_no, r.amount, r.currency, r.reason, r.note, r.status,
  r.failure_reason, r.created_at, r.finished_at`;

export function toRefundRecord(row: RefundRow): RefundRecord {
  return {
    refundId: row.id,
    paymentId: row.payment_id,
    merchantOrderNo: row.merchant_order_no ?? '',
    amount: Number(row.amount),
    currency: row.currency,
    reason: row.reason as RefundReason,
    note: row.note,
    status: row.status as RefundStatus,
    failureReason: row.failure_reason,
    createdAt: iso(row.created_at),
    finishedAt: isoOrNull(row.finished_at),
  };
}
