import { sql, type SQL } from 'drizzle-orm';
import { AGREEMENT_EXPORT_COLUMNS } from '@mbo/contracts/lists/agreements-list';
import { formatAmount } from '@mbo/contracts/money';
import { describePlanInterval, PLAN_INTERVAL_LABELS, type PlanInterval } from '@mbo/contracts/subscriptions';
import { agreementFiltersSchema } from '@mbo/contracts/subscriptions-schemas';
import {
  AGREEMENT_COLUMNS,
  AGREEMENT_SHAPE,
  agreementWhere,
  toAgreementRecord,
  type AgreementRow,
} from '../subscriptions';
import { formatInZone } from '../../lib/zoned-time';
import type { ExportColumnDef, ExportContext, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';

/** AGREEMENT_COLUMNS' result, typed and decoded from the schema. */
const SHAPE = AGREEMENT_SHAPE;
type Row = AgreementRow;

const filtersSchema = agreementFiltersSchema.omit({ createdFrom: true, createdTo: true }).strict();
const FROM = sql`agreements a`;

/** The agreements list's own WHERE (modules/subscriptions/agreement-record.ts) with the export's date range. */
function where(merchantId: string, params: ExportParams) {
  const filters = filtersSchema.parse(params.filters);
  return agreementWhere(merchantId, { ...filters, createdFrom: params.createdFrom, createdTo: params.createdTo });
}

/**
 * describePlanInterval in SQL, the same words ("every month", "every 3 months"): the COPY path writes the SQL value.
 */
function planSql(): SQL {
  const unit = (form: 'one' | 'many') =>
    sql`CASE a.plan_interval ${sql.join(
      Object.entries(PLAN_INTERVAL_LABELS).map(([code, labels]) => sql`WHEN ${code} THEN ${labels[form]}`),
      sql` `,
    )} ELSE lower(a.plan_interval) END`;
  return sql`(CASE WHEN a.plan_interval_count = 1 THEN 'every ' || ${unit('one')} ELSE 'every ' || a.plan_interval_count || ' ' || ${unit('many')} END)`;
}

/** The list's next charge: none once the agreement ends with its current period (toAgreementRecord). */
const NEXT_CHARGE = sql`(CASE WHEN a.cancel_at_period_end OR (a.plan_cycles IS NOT NULL AND a.cycles_charged >= a.plan_cycles) THEN NULL ELSE a.next_charge_at END)`;

const money = (pick: (r: Row) => string | number) => (r: Row) => formatAmount(Number(pick(r)), r.currency);
const time = (pick: (r: Row) => string | Date | null) => (r: Row, ctx: ExportContext) =>
  formatInZone(pick(r), ctx.timeZone);

type ColumnKey = (typeof AGREEMENT_EXPORT_COLUMNS)[number]['key'];
/**
 * Each column's cell: text as stored (neutralised by the writers), money in major units, times in the export's zone;
 * the card as its last four digits only.
 */
const CELLS: Record<ColumnKey, Pick<ExportColumnDef<Row>, 'value' | 'sql'>> = {
  agreementId: { value: (r) => r.id, sql: sql`a.id` },
  status: { value: (r) => r.status, sql: sql`a.status` },
  customerName: { value: (r) => r.customer_name, sql: sql`a.customer_name` },
  customerEmail: { value: (r) => r.customer_email, sql: sql`a.customer_email` },
  amount: { value: money((r) => r.amount), sql: sql`a.amount` },
  currency: { value: (r) => r.currency, sql: sql`a.currency` },
  plan: {
    value: (r) => describePlanInterval(r.plan_interval as PlanInterval, Number(r.plan_interval_count)),
    sql: planSql(),
  },
  cyclesCharged: { value: (r) => String(r.cycles_charged), sql: sql`a.cycles_charged` },
  totalCollected: { value: money((r) => r.total_collected), sql: sql`a.total_collected` },
  payMethodName: { value: (r) => r.pay_method_name, sql: sql`a.pay_method_name` },
  cardLast4: { value: (r) => r.card_last4 ?? '', sql: sql`a.card_last4` },
  country: { value: (r) => r.country, sql: sql`a.country` },
  createdAt: { value: time((r) => r.created_at), sql: sql`a.created_at` },
  nextChargeAt: { value: time((r) => toAgreementRecord(r).nextChargeAt), sql: NEXT_CHARGE },
  cancelledAt: { value: time((r) => r.cancelled_at), sql: sql`a.cancelled_at` },
  endReason: { value: (r) => r.end_reason ?? '', sql: sql`a.end_reason` },
};

/** Subscription agreements, with the agreements list's filters; newest first like the list. */
export const agreementsExport: ExportTypeDef<Row> = {
  type: 'AGREEMENTS',
  fileLabel: 'agreements',
  menu: '/subscription/agreements',
  filtersSchema,
  // The columns, labels, kinds and defaults of the list definition (AGREEMENTS_LIST.exportColumns), in its order.
  columns: AGREEMENT_EXPORT_COLUMNS.map(({ key, label, kind, default: isDefault }) => ({
    key,
    label,
    kind,
    default: isDefault,
    ...CELLS[key],
  })),
  count: (db, merchantId, params) => countRows(db, FROM, where(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      SHAPE,
      {
        columns: AGREEMENT_COLUMNS,
        from: FROM,
        where: where(merchantId, params),
        createdAt: sql`a.created_at`,
        id: sql`a.id`,
      },
      batchSize,
    ),
  // The list's index order (agreements_merchant_created_idx).
  source: (merchantId, params) => ({
    from: FROM,
    where: where(merchantId, params),
    orderBy: sql`a.created_at DESC, a.id DESC`,
    currency: sql`a.currency`,
  }),
};
