import { and, desc, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { FeeRuleView } from '@mbo/contracts/payin-services';
import type { PaymentDetail } from '@mbo/contracts/payments';
import { REFUND_PERIOD_DAYS } from '@mbo/contracts/refunds';
import type { Db } from '../../db/client';
import { payments, refunds } from '../../db/payments-schema';
import { disputes } from '../../db/schema';
import { settlementBatches } from '../../db/settlements-schema';
import { computed, typedRows, type RowOf } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/iso-timestamp';
import { readTimeline } from '../timeline';
import { PAYMENT, PAYMENT_COLUMNS, toPaymentRecord } from './list-payments';

/** @reads disputes, refunds, settlement_batches (tables other modules own: db/table-owners.ts) */

const DAY_MS = 24 * 60 * 60 * 1000;

const DETAIL = {
  ...PAYMENT,
  description: payments.description,
  failure_reason: payments.failureReason,
  payment_link_id: payments.paymentLinkId,
  agreement_id: payments.agreementId,
  agreement_cycle: payments.agreementCycle,
  agreement_attempt: payments.agreementAttempt,
  fee_percent_bps: payments.feePercentBps,
  fee_fixed_minor: payments.feeFixedMinor,
  fee_minimum_minor: payments.feeMinimumMinor,
};
type DetailRow = RowOf<typeof DETAIL>;

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
  const [row] = await typedRows(
    db,
    DETAIL,
    sql`
      SELECT ${PAYMENT_COLUMNS}, description, failure_reason, payment_link_id, agreement_id, agreement_cycle, agreement_attempt, fee_percent_bps, fee_fixed_minor, fee_minimum_minor FROM payments
       WHERE id = ${paymentId} AND merchant_id = ${merchantId}`,
  );
  if (!row) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
  const b = settlementBatches;
  const [timeline, refundRows, disputeRows, batchRows] = await Promise.all([
    readTimeline(db, merchantId, { entityType: 'PAYMENT', entityId: paymentId }),
    // The live refund (one per payment), else the latest failed one.
    typedRows(
      db,
      {
        id: refunds.id,
        amount: refunds.amount,
        status: refunds.status,
        reason: refunds.reason,
        created_at: refunds.createdAt,
      },
      sql`
      SELECT id, amount, status, reason, created_at FROM refunds WHERE payment_id = ${paymentId} AND merchant_id = ${merchantId}
       ORDER BY (status <> 'FAILED') DESC, created_at DESC LIMIT 1`,
    ),
    db
      .select({
        id: disputes.id,
        type: disputes.type,
        status: disputes.status,
        amount: disputes.amount,
        reason: disputes.reason,
        due_at: disputes.dueAt,
      })
      .from(disputes)
      .where(and(eq(disputes.paymentId, paymentId), eq(disputes.merchantId, merchantId)))
      .orderBy(desc(disputes.createdAt))
      .limit(1),
    // Its clearing batch and the refund deducted from it (at most one: batch-membership.ts).
    typedRows(
      db,
      {
        id: b.id,
        status: b.status,
        due_day: computed(String),
        settlement_id: b.settlementId,
        refund_deducted: computed(Number),
      },
      sql`
      SELECT b.id, b.status, b.due_day::text AS due_day, b.settlement_id, coalesce(r.amount, 0) AS refund_deducted
        FROM payments p JOIN settlement_batches b ON b.id = p.batch_id AND b.merchant_id = p.merchant_id
        LEFT JOIN refunds r ON r.payment_id = p.id AND r.batch_id = b.id
       WHERE p.id = ${paymentId} AND p.merchant_id = ${merchantId}`,
    ),
  ]);
  const batch = batchRows[0];
  const refund = refundRows[0];
  const dispute = disputeRows[0];
  const record = toPaymentRecord(row);

  let blocked: PaymentDetail['refundBlocked'] = null;
  if (record.status !== 'SUCCESS') blocked = 'NOT_SUCCEEDED';
  else if (refund && refund.status !== 'FAILED') blocked = 'REFUNDED_ONCE';
  else if (dispute && dispute.status !== 'WON') blocked = 'DISPUTED';
  else if (Date.now() - new Date(record.createdAt).getTime() > REFUND_PERIOD_DAYS * DAY_MS) blocked = 'PERIOD_EXPIRED';
  else if (record.amount - record.refundedAmount <= 0) blocked = 'FULLY_REFUNDED';

  return {
    ...record,
    description: row.description,
    failureReason: row.failure_reason,
    paymentLinkId: row.payment_link_id,
    agreement: row.agreement_id
      ? { agreementId: row.agreement_id, cycle: Number(row.agreement_cycle), attempt: Number(row.agreement_attempt) }
      : null,
    events: timeline.map((e) => ({
      type: e.type,
      status: e.status,
      note: e.note,
      at: e.createdAt,
    })),
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
    refundBlocked: blocked,
    feeRule: feeRuleOf(row),
  };
}
