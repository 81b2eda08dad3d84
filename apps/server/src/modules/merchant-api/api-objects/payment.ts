/** The API payment (contracts merchant-api-schemas.ts apiPaymentSchema) from a payments row. */
import { sql } from 'drizzle-orm';
import type { ApiPayment } from '@mbo/contracts/merchant-api';
import type { DisputeStatus } from '@mbo/contracts/acquiring';
import type { PaymentStatus, RefundState } from '@mbo/contracts/payments';
import type { DbOrTx } from '../../../db/client';
import { iso, isoOrNull } from '../../../lib/iso-timestamp';
import { cardOf, firstRow, type Num, type When } from './shared';

/** The columns of `payments` the API payment reads (no table alias). */
export const API_PAYMENT_COLUMNS =
  sql.raw(`id, merchant_order_no, amount, fee, currency, status, refund_status, refunded_amount, dispute_status,
  description, pay_method_type, pay_method_name, card_bin, card_last4, country, customer_email, customer_name, failure_reason,
  payment_link_id, agreement_id, created_at, paid_at`);

export interface ApiPaymentRow {
  id: string;
  merchant_order_no: string;
  amount: Num;
  fee: Num;
  currency: string;
  status: string;
  refund_status: string;
  refunded_amount: Num;
  dispute_status: string | null;
  description: string;
  pay_method_type: string;
  pay_method_name: string;
  card_bin: string | null;
  card_last4: string | null;
  country: string;
  customer_email: string;
  customer_name: string;
  failure_reason: string | null;
  payment_link_id: string | null;
  agreement_id: string | null;
  created_at: When;
  paid_at: When | null;
}

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
  const row = await firstRow<ApiPaymentRow>(
    db,
    sql`SELECT ${API_PAYMENT_COLUMNS} FROM payments WHERE id = ${paymentId} AND merchant_id = ${merchantId}`,
  );
  return row && toApiPayment(row);
}
