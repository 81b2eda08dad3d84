import { sql } from 'drizzle-orm';
import { formatAmount, maskCard } from '@mbo/contracts/money';
import { paymentFiltersSchema } from '@mbo/contracts/payments-schemas';
import { paymentWhere, type PaymentRow } from '../payments/list-payments';
import { formatInZone } from './cell-format';
import type { ExportColumnDef, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';

type Row = PaymentRow & { description: string; failure_reason: string | null };

const filtersSchema = paymentFiltersSchema.omit({ createdFrom: true, createdTo: true }).strict();

/** The payments list's own WHERE (modules/payments/list-payments.ts) with the export's date range. */
function where(merchantId: string, params: ExportParams) {
  const filters = filtersSchema.parse(params.filters);
  return paymentWhere(merchantId, { ...filters, createdFrom: params.createdFrom, createdTo: params.createdTo });
}

const num = (v: string | number) => Number(v);
const money = (key: string, label: string, pick: (r: Row) => string | number, isDefault = true): ExportColumnDef<Row> => ({
  key, label, default: isDefault, kind: 'money', value: (r) => formatAmount(num(pick(r)), r.currency),
});
const text = (key: string, label: string, pick: (r: Row) => string | null, isDefault = true): ExportColumnDef<Row> => ({
  key, label, default: isDefault, kind: 'text', value: (r) => pick(r) ?? '',
});

const columns: ExportColumnDef<Row>[] = [
  text('paymentId', 'Payment ID', (r) => r.id),
  text('merchantOrderNo', 'Merchant order no.', (r) => r.merchant_order_no),
  { key: 'createdAt', label: 'Created at', default: true, kind: 'datetime', value: (r, ctx) => formatInZone(r.created_at, ctx.timeZone) },
  { key: 'paidAt', label: 'Paid at', default: false, kind: 'datetime', value: (r, ctx) => formatInZone(r.paid_at, ctx.timeZone) },
  text('status', 'Status', (r) => r.status),
  text('refundStatus', 'Refund status', (r) => r.refund_status),
  money('refundedAmount', 'Refunded amount', (r) => r.refunded_amount, false),
  text('disputeStatus', 'Dispute status', (r) => r.dispute_status, false),
  money('amount', 'Amount', (r) => r.amount),
  money('fee', 'Fee', (r) => r.fee),
  money('net', 'Net', (r) => num(r.amount) - num(r.fee)),
  text('currency', 'Currency', (r) => r.currency),
  text('payMethodType', 'Payment method type', (r) => r.pay_method_type),
  text('payMethodName', 'Payment method', (r) => r.pay_method_name),
  text('country', 'Country', (r) => r.country),
  text('customerEmail', 'Customer email', (r) => r.customer_email),
  text('customerName', 'Customer name', (r) => r.customer_name),
  // BIN + last 4 at most (PCI DSS 3.4.1).
  text('card', 'Card', (r) => maskCard(r.card_bin, r.card_last4), false),
  text('description', 'Description', (r) => r.description, false),
  text('failureReason', 'Failure reason', (r) => r.failure_reason, false),
];

const SELECT = sql`id, merchant_order_no, amount, fee, currency, status, refund_status, refunded_amount, dispute_status,
  pay_method_type, pay_method_name, country, customer_email, customer_name, card_bin, card_last4, created_at, paid_at,
  description, failure_reason`;

/** Payments, with the payments list's filters; newest first like the list. */
export const paymentsExport: ExportTypeDef<Row> = {
  type: 'PAYMENTS',
  fileLabel: 'payments',
  filtersSchema,
  columns,
  count: (db, merchantId, params) => countRows(db, sql`payments`, where(merchantId, params)),
  batches: (db, merchantId, params, batchSize) => keysetBatches<Row>(db, {
    columns: SELECT, from: sql`payments`, where: where(merchantId, params), createdAt: sql`created_at`, id: sql`id`,
  }, batchSize),
};
