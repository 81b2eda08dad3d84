import { sql, type SQL } from 'drizzle-orm';
import { DISPUTE_REASONS, disputeReasonOf } from '@mbo/contracts/dispute-reasons';
import { disputeFiltersSchema } from '@mbo/contracts/disputes-schemas';
import { DISPUTE_TYPE_LABELS } from '@mbo/contracts/lists/disputes-list';
import { formatAmount } from '@mbo/contracts/money';
import type { RowOf } from '../../db/typed-rows';
import { DISPUTE_COLUMNS, DISPUTE_FIELDS, DISPUTE_FROM, disputeWhere } from '../disputes';
import { formatInZone } from '../../lib/zoned-time';
import type { ExportColumnDef, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';

/** @reads disputes, payments (tables other modules own: db/table-owners.ts) */

/** DISPUTE_COLUMNS' result: the disputes list's own row (read-disputes.ts). */
const SHAPE = DISPUTE_FIELDS;
type Row = RowOf<typeof SHAPE>;

const filtersSchema = disputeFiltersSchema.omit({ createdFrom: true, createdTo: true }).strict();

/** The disputes list's own WHERE (modules/disputes/read-disputes.ts) with the export's date range. */
function where(merchantId: string, params: ExportParams) {
  const filters = filtersSchema.parse(params.filters);
  return disputeWhere(merchantId, { ...filters, createdFrom: params.createdFrom, createdTo: params.createdTo });
}

/** A code's label in SQL, the same words as in JS (the COPY path writes the SQL value). */
function labelSql(column: SQL, labels: Record<string, string>): SQL {
  return sql`CASE ${column} ${sql.join(
    Object.entries(labels).map(([code, label]) => sql`WHEN ${code} THEN ${label}`),
    sql` `,
  )} ELSE ${column} END`;
}
const REASON_LABELS = Object.fromEntries(DISPUTE_REASONS.map((r) => [r.code, r.label]));
const NETWORK_CODES = Object.fromEntries(DISPUTE_REASONS.map((r) => [r.code, r.networkCode]));

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
const when = (
  key: string,
  label: string,
  pick: (r: Row) => string | Date | null,
  raw: SQL,
  isDefault: boolean,
): ExportColumnDef<Row> => ({
  key,
  label,
  default: isDefault,
  kind: 'datetime',
  value: (r, ctx) => formatInZone(pick(r), ctx.timeZone),
  sql: raw,
});

// The keys and order of contracts' DISPUTE_EXPORT_COLUMNS.
const columns: ExportColumnDef<Row>[] = [
  text('disputeId', 'Dispute ID', (r) => r.id, sql`d.id`),
  text(
    'type',
    'Type',
    (r) => DISPUTE_TYPE_LABELS[r.type as keyof typeof DISPUTE_TYPE_LABELS] ?? r.type,
    labelSql(sql`d.type`, DISPUTE_TYPE_LABELS),
  ),
  text('status', 'Status', (r) => r.status, sql`d.status`),
  text('reason', 'Reason', (r) => disputeReasonOf(r.reason).label, labelSql(sql`d.reason`, REASON_LABELS)),
  text(
    'networkCode',
    'Reason code',
    (r) => disputeReasonOf(r.reason).networkCode,
    labelSql(sql`d.reason`, NETWORK_CODES),
    false,
  ),
  text('paymentId', 'Payment ID', (r) => r.payment_id, sql`d.payment_id`),
  text('merchantOrderNo', 'Merchant order no.', (r) => r.merchant_order_no, sql`p.merchant_order_no`, false),
  text('customerEmail', 'Customer email', (r) => r.customer_email, sql`p.customer_email`, false),
  {
    key: 'amount',
    label: 'Disputed amount',
    default: true,
    kind: 'money',
    value: (r) => formatAmount(Number(r.amount), r.currency),
    sql: sql`d.amount`,
  },
  {
    key: 'fee',
    label: 'Dispute fee',
    default: true,
    kind: 'money',
    value: (r) => formatAmount(Number(r.fee), r.currency),
    sql: sql`d.fee`,
  },
  text('currency', 'Currency', (r) => r.currency, sql`d.currency`),
  when('createdAt', 'Opened at', (r) => r.created_at, sql`d.created_at`, true),
  when('dueAt', 'Evidence due', (r) => r.due_at, sql`d.due_at`, true),
  when('submittedAt', 'Submitted at', (r) => r.submitted_at, sql`d.submitted_at`, false),
  when('decidedAt', 'Decided at', (r) => r.decided_at, sql`d.decided_at`, false),
];

const FROM = sql`${DISPUTE_FROM}`;
const SELECT = sql`${DISPUTE_COLUMNS}`;

/** Disputes, with the disputes list's filters; newest first like the list. */
export const disputesExport: ExportTypeDef<Row> = {
  type: 'DISPUTES',
  fileLabel: 'disputes',
  filtersSchema,
  columns,
  count: (db, merchantId, params) => countRows(db, sql`disputes d`, where(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      SHAPE,
      {
        columns: SELECT,
        from: FROM,
        where: where(merchantId, params),
        createdAt: sql`d.created_at`,
        id: sql`d.id`,
      },
      batchSize,
    ),
  // The list's index order (disputes_merchant_created_idx).
  source: (merchantId, params) => ({
    from: FROM,
    where: where(merchantId, params),
    orderBy: sql`d.created_at DESC, d.id DESC`,
    currency: sql`d.currency`,
  }),
};
