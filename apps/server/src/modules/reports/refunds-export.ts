import { sql, type SQL } from 'drizzle-orm';
import { formatAmount } from '@mbo/contracts/money';
import { refundFiltersSchema } from '@mbo/contracts/refunds-schemas';
import { payments } from '../../db/payments-schema';
import { orNull, type RowOf } from '../../db/typed-rows';
import { REFUND, refundWhere } from '../refunds';
import { formatInZone } from '../../lib/zoned-time';
import type { ExportColumnDef, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';

/** @reads payments (tables other modules own: db/table-owners.ts) */

/** The refunds list's row (REFUND) with its payment's amount (the left-joined payment's side): SELECT's names. */
const SHAPE = { ...REFUND, payment_amount: orNull(payments.amount) };
type Row = RowOf<typeof SHAPE>;

const filtersSchema = refundFiltersSchema.omit({ createdFrom: true, createdTo: true }).strict();

/** The refunds list's own WHERE (modules/refunds/list-refunds.ts) with the export's date range. */
function where(merchantId: string, params: ExportParams) {
  const filters = filtersSchema.parse(params.filters);
  return refundWhere(merchantId, { ...filters, createdFrom: params.createdFrom, createdTo: params.createdTo });
}

// Each column: its text in JS (`value`) and the same raw value in SQL (sql-cells.ts formats it alike).
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
  text('refundId', 'Refund ID', (r) => r.id, sql`r.id`),
  text('paymentId', 'Payment ID', (r) => r.payment_id, sql`r.payment_id`),
  text('merchantOrderNo', 'Merchant order no.', (r) => r.merchant_order_no, sql`p.merchant_order_no`),
  {
    key: 'createdAt',
    label: 'Created at',
    default: true,
    kind: 'datetime',
    value: (r, ctx) => formatInZone(r.created_at, ctx.timeZone),
    sql: sql`r.created_at`,
  },
  {
    key: 'finishedAt',
    label: 'Finished at',
    default: false,
    kind: 'datetime',
    value: (r, ctx) => formatInZone(r.finished_at, ctx.timeZone),
    sql: sql`r.finished_at`,
  },
  text('status', 'Status', (r) => r.status, sql`r.status`),
  {
    key: 'amount',
    label: 'Refund amount',
    default: true,
    kind: 'money',
    value: (r) => formatAmount(Number(r.amount), r.currency),
    sql: sql`r.amount`,
  },
  {
    key: 'paymentAmount',
    label: 'Payment amount',
    default: false,
    kind: 'money',
    value: (r) => (r.payment_amount === null ? '' : formatAmount(Number(r.payment_amount), r.currency)),
    sql: sql`p.amount`,
  },
  text('currency', 'Currency', (r) => r.currency, sql`r.currency`),
  text('reason', 'Reason', (r) => r.reason, sql`r.reason`),
  text('note', 'Note', (r) => r.note, sql`r.note`, false),
  text('failureReason', 'Failure reason', (r) => r.failure_reason, sql`r.failure_reason`, false),
];

const FROM = sql`refunds r LEFT JOIN payments p ON p.id = r.payment_id`;
const SELECT = sql`r.id AS id, r.payment_id, p.merchant_order_no, p.amount AS payment_amount, r.amount, r.currency, r.reason, r.note,
  r.status, r.failure_reason, r.created_at, r.finished_at`;

/** Refunds, with the refunds list's filters; newest first like the list. */
export const refundsExport: ExportTypeDef<Row> = {
  type: 'REFUNDS',
  fileLabel: 'refunds',
  filtersSchema,
  columns,
  count: (db, merchantId, params) => countRows(db, sql`refunds r`, where(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      SHAPE,
      {
        columns: SELECT,
        from: FROM,
        where: where(merchantId, params),
        createdAt: sql`r.created_at`,
        id: sql`r.id`,
      },
      batchSize,
    ),
  // The list's index order (refunds_merchant_created_idx).
  source: (merchantId, params) => ({
    from: FROM,
    where: where(merchantId, params),
    orderBy: sql`r.created_at DESC NULLS LAST, r.id DESC NULLS LAST`,
    currency: sql`r.currency`,
  }),
};
