import { sql } from 'drizzle-orm';
import type { RefundReason, RefundRecord, RefundStatus } from '@mbo/contracts/refunds';
import { iso, isoOrNull } from '../../lib/iso-timestamp';

/** A refunds row joined with its payment's order number, as the list, detail and create calls read it. */
export interface RefundRow {
  id: string;
  payment_id: string;
  merchant_order_no: string | null;
  amount: string | number;
  currency: string;
  reason: string;
  note: string | null;
  status: string;
  failure_reason: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

/** The select list (refunds r LEFT JOIN payments p). */
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
