import { sql, type SQL } from 'drizzle-orm';
import { formatAmount, maskCard } from '@mbo/contracts/money';
import { paymentFiltersSchema } from '@mbo/contracts/payments-schemas';
import { payments } from '../../db/payments-schema';
import type { RowOf } from '../../db/typed-rows';
import { PAYMENT, paymentWhere } from '../payments';
import { formatInZone } from '../../lib/zoned-time';
import type { ExportColumnDef, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';

/** @reads payments (tables other modules own: db/table-owners.ts) */

/** The payments list's row (PAYMENT) with the export's description and failure reason: SELECT's result names. */
const SHAPE = { ...PAYMENT, description: payments.description, failure_reason: payments.failureReason };
type Row = RowOf<typeof SHAPE>;

const filtersSchema = paymentFiltersSchema.omit({ createdFrom: true, createdTo: true }).strict();

/** The payments list's own WHERE (modules/payments/list-payments.ts) with the export's date range. */
function where(merchantId: string, params: ExportParams) {
  const filters = filtersSchema.parse(params.filters);
  return paymentWhere(merchantId, { ...filters, createdFrom: params.createdFrom, createdTo: params.createdTo });
}

const num = (v: string | number) => Number(v);
// Each column: its text in JS (`value`) and the same raw value in SQL (sql-cells.ts formats it alike).
const money = (
  key: string,
  label: string,
  pick: (r: Row) => string | number,
  raw: SQL,
  isDefault = true,
): ExportColumnDef<Row> => ({
  key,
  label,
  default: isDefault,
  kind: 'money',
  value: (r) => formatAmount(num(pick(r)), r.currency),
  sql: raw,
});
const text = (
  key: string,
  label: string,
  pick: (r: Row) => string | null,
  raw: SQL,
  isDefault = true,
): ExportColumnDef<Row> => ({
  key,
  label,
  default: isDefault,
  kind: 'text',
  value: (r) => pick(r) ?? '',
  sql: raw,
});

const columns: ExportColumnDef<Row>[] = [
  text('paymentId', 'Payment ID', (r) => r.id, sql`id`),
  text('merchantOrderNo', 'Merchant order no.', (r) => r.merchant_order_no, sql`merchant_order_no`),
  {
    key: 'createdAt',
    label: 'Created at',
    default: true,
    kind: 'datetime',
    value: (r, ctx) => formatInZone(r.created_at, ctx.timeZone),
    sql: sql`created_at`,
  },
  {
    key: 'paidAt',
    label: 'Paid at',
    default: false,
    kind: 'datetime',
    value: (r, ctx) => formatInZone(r.paid_at, ctx.timeZone),
    sql: sql`paid_at`,
  },
  text('status', 'Status', (r) => r.status, sql`status`),
  text('refundStatus', 'Refund status', (r) => r.refund_status, sql`refund_status`),
  money('refundedAmount', 'Refunded amount', (r) => r.refunded_amount, sql`refunded_amount`, false),
  text('disputeStatus', 'Dispute status', (r) => r.dispute_status, sql`dispute_status`, false),
  money('amount', 'Amount', (r) => r.amount, sql`amount`),
  money('fee', 'Fee', (r) => r.fee, sql`fee`),
  money('net', 'Net', (r) => num(r.amount) - num(r.fee), sql`amount - fee`),
  text('currency', 'Currency', (r) => r.currency, sql`currency`),
  text('payMethodType', 'Payment method type', (r) => r.pay_method_type, sql`pay_method_type`),
  text('payMethodName', 'Payment method', (r) => r.pay_method_name, sql`pay_method_name`),
  text('country', 'Country', (r) => r.country, sql`country`),
  text('customerEmail', 'Customer email', (r) => r.customer_email, sql`customer_email`),
  text('customerName', 'Customer name', (r) => r.customer_name, sql`customer_name`),
  // BIN + last 4 at most (PCI DSS 3.4.1), as money.ts maskCard writes it.
  text(
    'card',
    'Card',
    (r) => maskCard(r.card_bin, r.card_last4),
    sql`CASE WHEN coalesce(card_bin, '') = '' AND coalesce(card_last4, '') = '' THEN NULL
    ELSE coalesce(card_bin, '') || '••••••' || coalesce(card_last4, '') END`,
    false,
  ),
  text('description', 'Description', (r) => r.description, sql`description`, false),
  text('failureReason', 'Failure reason', (r) => r.failure_reason, sql`failure_reason`, false),
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
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      SHAPE,
      {
        columns: SELECT,
        from: sql`payments`,
        where: where(merchantId, params),
        createdAt: sql`created_at`,
        id: sql`id`,
      },
      batchSize,
    ),
  // The list's index order (payments_merchant_created_idx): PostgreSQL walks the index, no sort.
  source: (merchantId, params) => ({
    from: sql`payments`,
    where: where(merchantId, params),
    orderBy: sql`created_at DESC NULLS LAST, id DESC NULLS LAST`,
    currency: sql`currency`,
  }),
};
