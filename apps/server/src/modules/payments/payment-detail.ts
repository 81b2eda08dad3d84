import { sql } from 'drizzle-orm';
import { catalogueMessage, ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { FeeRuleView } from '@mbo/contracts/payin-services';
import type { PaymentDetail } from '@mbo/contracts/payments';
import { DISPUTED_REFUND_MESSAGE, REFUND_PERIOD_DAYS } from '@mbo/contracts/refunds';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { PAYMENT_COLUMNS, toPaymentRecord, type PaymentRow } from './list-payments';

const DAY_MS = 24 * 60 * 60 * 1000;
type When = string | Date;
const iso = (v: When) => (v instanceof Date ? v : new Date(v)).toISOString();

interface DetailRow extends PaymentRow {
  description: string;
  failure_reason: string | null;
  payment_link_id: string | null;
  agreement_id: string | null;
  agreement_cycle: number | null;
  agreement_attempt: number | null;
  fee_percent_bps: number | null;
  fee_fixed_minor: string | number | null;
  fee_minimum_minor: string | number | null;
}

/** The fee rule snapshot the payment kept at capture (migration 0013), or null for a payment without one. */
function feeRuleOf(row: DetailRow): FeeRuleView | null {
  if (row.fee_percent_bps === null || row.fee_fixed_minor === null) return null;
  return {
    percentBps: Number(row.fee_percent_bps),
    fixedMinor: Number(row.fee_fixed_minor),
    minimumMinor: row.fee_minimum_minor === null ? null : Number(row.fee_minimum_minor),
    currency: row.currency,
  };
}

/**
 * One payment of the merchant with its timeline, refund and dispute, and what a refund may take now.
 * The merchant is part of the query: another merchant's payment id answers "Order not found.".
 */
export async function paymentDetail(db: Db, merchantId: string, paymentId: string): Promise<PaymentDetail> {
  const [row] = rowsOf<DetailRow>(
    await db.execute(sql`
      SELECT ${PAYMENT_COLUMNS}, description, failure_reason, payment_link_id, agreement_id, agreement_cycle, agreement_attempt, fee_percent_bps, fee_fixed_minor, fee_minimum_minor FROM payments
       WHERE id = ${paymentId} AND merchant_id = ${merchantId}`),
  );
  if (!row) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
  const [timeline, refundRows, disputeRows, batchRows] = await Promise.all([
    db.execute(sql`
      SELECT type, status, note, created_at FROM events
       WHERE entity_type = 'PAYMENT' AND entity_id = ${paymentId} AND merchant_id = ${merchantId} ORDER BY created_at, id`),
    // The live refund (one per payment), else the latest failed one.
    db.execute(sql`
      SELECT id, amount, status, reason, created_at FROM refunds WHERE payment_id = ${paymentId} AND merchant_id = ${merchantId}
       ORDER BY (status <> 'FAILED') DESC, created_at DESC LIMIT 1`),
    db.execute(sql`
      SELECT id, type, status, amount, reason, due_at FROM disputes WHERE payment_id = ${paymentId} AND merchant_id = ${merchantId}
       ORDER BY created_at DESC LIMIT 1`),
    // Its clearing batch and the refund deducted from it (at most one: batch-membership.ts).
    db.execute(sql`
      SELECT b.id, b.status, b.due_day::text AS due_day, b.settlement_id, coalesce(r.amount, 0) AS refund_deducted
        FROM payments p JOIN settlement_batches b ON b.id = p.batch_id AND b.merchant_id = p.merchant_id
        LEFT JOIN refunds r ON r.payment_id = p.id AND r.batch_id = b.id
       WHERE p.id = ${paymentId} AND p.merchant_id = ${merchantId}`),
  ]);
  const batch = rowsOf<{
    id: string;
    status: string;
    due_day: string;
    settlement_id: string | null;
    refund_deducted: string | number;
  }>(batchRows)[0];
  const refund = rowsOf<{ id: string; amount: string | number; status: string; reason: string; created_at: When }>(
    refundRows,
  )[0];
  const dispute = rowsOf<{
    id: string;
    type: string;
    status: string;
    amount: string | number;
    reason: string;
    due_at: When | null;
  }>(disputeRows)[0];
  const record = toPaymentRecord(row);

  let blocked: string | null = null;
  if (record.status !== 'SUCCESS') blocked = catalogueMessage(ERROR_CODES.REFUND_NOT_ALLOWED)!;
  else if (refund && refund.status !== 'FAILED') blocked = catalogueMessage(ERROR_CODES.REFUND_ONCE)!;
  else if (dispute && dispute.status !== 'WON') blocked = DISPUTED_REFUND_MESSAGE;
  else if (Date.now() - new Date(record.createdAt).getTime() > REFUND_PERIOD_DAYS * DAY_MS)
    blocked = catalogueMessage(ERROR_CODES.REFUND_PERIOD_EXPIRED)!;
  else if (record.amount - record.refundedAmount <= 0) blocked = 'The payment is fully refunded.';

  return {
    ...record,
    description: row.description,
    failureReason: row.failure_reason,
    paymentLinkId: row.payment_link_id,
    agreement: row.agreement_id
      ? { agreementId: row.agreement_id, cycle: Number(row.agreement_cycle), attempt: Number(row.agreement_attempt) }
      : null,
    events: rowsOf<{ type: string; status: string | null; note: string | null; created_at: When }>(timeline).map(
      (e) => ({
        type: e.type,
        status: e.status,
        note: e.note,
        at: iso(e.created_at),
      }),
    ),
    refund: refund
      ? {
          refundId: refund.id,
          amount: Number(refund.amount),
          status: refund.status,
          reason: refund.reason,
          createdAt: iso(refund.created_at),
        }
      : null,
    settlement: batch
      ? {
          batchId: batch.id,
          batchStatus: batch.status,
          dueDay: batch.due_day,
          settlementId: batch.settlement_id,
          refundDeducted: Number(batch.refund_deducted),
          net: record.amount - record.fee - Number(batch.refund_deducted),
        }
      : null,
    dispute: dispute
      ? {
          disputeId: dispute.id,
          type: dispute.type,
          status: dispute.status,
          amount: Number(dispute.amount),
          reason: dispute.reason,
          dueAt: dispute.due_at === null ? null : iso(dispute.due_at),
        }
      : null,
    refundableAmount: blocked === null ? record.amount - record.refundedAmount : 0,
    refundBlockedReason: blocked,
    feeRule: feeRuleOf(row),
  };
}
