/** The API payment (contracts merchant-api-schemas.ts apiPaymentSchema) from a payments row. */
import { sql } from 'drizzle-orm';
import type { ApiPayment } from '@mbo/contracts/merchant-api';
import type { DisputeStatus } from '@mbo/contracts/acquiring';
import type { PaymentStatus, RefundState } from '@mbo/contracts/payments';
import type { DbOrTx } from '../../../db/client';
import { payments } from '../../../db/payments-schema';
import type { RowOf } from '../../../db/typed-rows';
import { iso, isoOrNull } from '../../../lib/iso-timestamp';
import { cardOf, firstRow } from './shared';

/** @reads payments (tables other modules own: db/table-owners.ts) */

/** The columns of `payments` the API payment reads (no table alias). */
export const API_PAYMENT_COLUMNS =
  sql.raw(`id, merchant_order_no, amount, fee, currency, status, refund_status, refunded_amount, dispute_status,
  description, pay_method_type, pay_method_name, card_bin, card_last4, country, customer_email, customer_name, failure_reason,
  payment_link_id, agreement_id, created_at, paid_at`);

/** The row API_PAYMENT_COLUMNS select. */
export const API_PAYMENT_ROW = {
  id: payments.id,
  merchant_order_no: payments.merchantOrderNo,
  amount: payments.amount,
  fee: payments.fee,
  currency: payments.currency,
  status: payments.status,
  refund_status: payments.refundStatus,
  refunded_amount: payments.refundedAmount,
  dispute_status: payments.disputeStatus,
  description: payments.description,
  pay_method_type: payments.payMethodType,
  pay_method_name: payments.payMethodName,
  card_bin: payments.cardBin,
  card_last4: payments.cardLast4,
  country: payments.country,
  customer_email: payments.customerEmail,
  customer_name: payments.customerName,
  failure_reason: payments.failureReason,
  payment_link_id: payments.paymentLinkId,
  agreement_id: payments.agreementId,
  created_at: payments.createdAt,
  paid_at: payments.paidAt,
};
export type ApiPaymentRow = RowOf<typeof API_PAYMENT_ROW>;

export function toApiPayment(r: ApiPaymentRow): ApiPayment {
  const amount = Number(r.amount);
  const fee = Number(r.fee);
  return {
    id: r.id,
    object: 'payment',
    merchantOrderNo: r.merchant_order_no,
    amount,
    fee,
    net: amount - fee,
    currency: r.currency,
    status: r.status as PaymentStatus,
    refundStatus: r.refund_status as RefundState,
    refundedAmount: Number(r.refunded_amount),
    disputeStatus: r.dispute_status as DisputeStatus | null,
    description: r.description,
    payMethodType: r.pay_method_type,
    payMethodName: r.pay_method_name,
    card: cardOf(r.card_bin, r.card_last4),
    country: r.country,
    customer: { email: r.customer_email, name: r.customer_name },
    failureReason: r.failure_reason,
    paymentLinkId: r.payment_link_id,
    subscriptionId: r.agreement_id,
    createdAt: iso(r.created_at),
    paidAt: isoOrNull(r.paid_at),
  };
}

export async function apiPayment(db: DbOrTx, merchantId: string, paymentId: string): Promise<ApiPayment | null> {
  const row = await firstRow(
    db,
    API_PAYMENT_ROW,
    sql`SELECT ${API_PAYMENT_COLUMNS} FROM payments WHERE id = ${paymentId} AND merchant_id = ${merchantId}`,
  );
  return row && toApiPayment(row);
}
