import { sql, type SQL } from 'drizzle-orm';
import { formatAmount } from '@mbo/contracts/money';
import { PAYOUT_PURPOSE_LABELS, type PayoutPurpose } from '@mbo/contracts/payout-rows';
import { listPayoutBatchesRequest, payoutFiltersSchema } from '@mbo/contracts/payouts-schemas';
import { payoutBatches, payouts } from '../../db/money-out-schema';
import { computed, type RowOf } from '../../db/typed-rows';
import { PAYOUT, PAYOUT_COLUMNS, payoutWhere, type PayoutRow } from '../payouts';
import { formatInZone } from '../../lib/zoned-time';
import type { ExportColumnDef, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';
import { escapeLike } from '../../lib/list-where';
import { createdRangeConditions } from '../../lib/date-range';

/** @reads payout_batches, payouts (tables other modules own: db/table-owners.ts) */

const HISTORY = '/payout/history';

const text = <R>(
  key: string,
  label: string,
  pick: (r: R) => string | number | null,
  raw: SQL,
  isDefault = true,
): ExportColumnDef<R> => ({
  key,
  label,
  default: isDefault,
  kind: 'text',
  value: (r) => String(pick(r) ?? ''),
  sql: raw,
});
const when = <R>(
  key: string,
  label: string,
  pick: (r: R) => string | Date | null,
  raw: SQL,
  isDefault: boolean,
): ExportColumnDef<R> => ({
  key,
  label,
  default: isDefault,
  kind: 'datetime',
  value: (r, ctx) => formatInZone(pick(r), ctx.timeZone),
  sql: raw,
});
const money = <R extends { currency: string }>(
  key: string,
  label: string,
  pick: (r: R) => string | number,
  raw: SQL,
): ExportColumnDef<R> => ({
  key,
  label,
  default: true,
  kind: 'money',
  value: (r) => formatAmount(Number(pick(r)), r.currency),
  sql: raw,
});

// ---- payouts: the history's rows and filters ----

const payoutFilters = payoutFiltersSchema.omit({ createdFrom: true, createdTo: true }).strict();
const payoutsWhere = (merchantId: string, params: ExportParams) =>
  payoutWhere(merchantId, {
    ...payoutFilters.parse(params.filters),
    createdFrom: params.createdFrom,
    createdTo: params.createdTo,
  });
const PURPOSES = sql`CASE o.purpose ${sql.join(
  Object.entries(PAYOUT_PURPOSE_LABELS).map(([code, label]) => sql`WHEN ${code} THEN ${label}`),
  sql` `,
)} ELSE o.purpose END`;

// The keys and order of contracts' PAYOUT_EXPORT_COLUMNS. The account is its last four digits.
const payoutColumns: ExportColumnDef<PayoutRow>[] = [
  text('payoutId', 'Payout ID', (r) => r.id, sql`o.id`),
  when('createdAt', 'Created at', (r) => r.created_at, sql`o.created_at`, true),
  text('status', 'Status', (r) => r.status, sql`o.status`),
  text('beneficiaryName', 'Beneficiary', (r) => r.beneficiary_name, sql`o.beneficiary_name`),
  text('country', 'Country', (r) => r.country, sql`o.country`),
  text('method', 'Method', (r) => r.method, sql`o.method`, false),
  text('accountLast4', 'Account (last 4)', (r) => r.last4, sql`o.last4`),
  money('amount', 'Amount', (r) => r.amount, sql`o.amount`),
  money('fee', 'Fee', (r) => r.fee, sql`o.fee`),
  text('currency', 'Currency', (r) => r.currency, sql`o.currency`),
  text('purpose', 'Purpose', (r) => PAYOUT_PURPOSE_LABELS[r.purpose as PayoutPurpose] ?? r.purpose, PURPOSES, false),
  text('reference', 'Reference', (r) => r.reference, sql`o.reference`),
  text('batchId', 'Batch ID', (r) => r.batch_id, sql`o.batch_id`, false),
  {
    key: 'rowNo',
    label: 'Row in batch',
    default: false,
    kind: 'integer',
    value: (r) => (r.row_no === null ? '' : String(r.row_no)),
    sql: sql`o.row_no`,
  },
  text('bankReference', 'Bank reference', (r) => r.bank_reference, sql`o.bank_reference`, false),
  text('failureReason', 'Failure reason', (r) => r.failure_reason, sql`o.failure_reason`, false),
  when('finishedAt', 'Finished at', (r) => r.finished_at, sql`o.finished_at`, false),
];

/** Payouts, with the payout history's filters (a batch's rows with its batchId); newest first like the list. */
export const payoutsExport: ExportTypeDef<PayoutRow> = {
  type: 'PAYOUTS',
  fileLabel: 'payouts',
  menu: HISTORY,
  filtersSchema: payoutFilters,
  columns: payoutColumns,
  count: (db, merchantId, params) => countRows(db, sql`payouts o`, payoutsWhere(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      PAYOUT,
      {
        columns: PAYOUT_COLUMNS,
        from: sql`payouts o`,
        where: payoutsWhere(merchantId, params),
        createdAt: sql`o.created_at`,
        id: sql`o.id`,
      },
      batchSize,
    ),
  source: (merchantId, params) => ({
    from: sql`payouts o`,
    where: payoutsWhere(merchantId, params),
    orderBy: sql`o.created_at DESC, o.id DESC`,
    currency: sql`o.currency`,
  }),
};

// ---- payout batches: one row per batch and currency ----

/** BATCH_COLUMNS' result: the batch's columns, its payouts' currency, and the lateral's count and sums (numbers). */
const BATCH_CURRENCY_SHAPE = {
  id: computed(String),
  batch_id: payoutBatches.id,
  file_name: payoutBatches.fileName,
  status: payoutBatches.status,
  currency: payouts.currency,
  payouts: computed(Number),
  amount: computed(Number),
  fee: computed(Number),
  paid: computed(Number),
  failed: computed(Number),
  created_by: payoutBatches.createdBy,
  created_at: payoutBatches.createdAt,
  finished_at: payoutBatches.finishedAt,
};
type BatchCurrencyRow = RowOf<typeof BATCH_CURRENCY_SHAPE>;

const batchFilters = listPayoutBatchesRequest.pick({ status: true, keyword: true }).strict();
function batchesWhere(merchantId: string, params: ExportParams): SQL {
  const f = batchFilters.parse(params.filters);
  const where: SQL[] = [sql`b.merchant_id = ${merchantId}`, ...createdRangeConditions(sql`b.created_at`, params)];
  if (f.status?.length)
    where.push(
      sql`b.status IN (${sql.join(
        f.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.keyword) where.push(sql`(b.id = ${f.keyword} OR b.file_name ILIKE ${`%${escapeLike(f.keyword)}%`})`);
  return sql.join(where, sql` AND `);
}
const BATCH_FROM = sql`payout_batches b JOIN LATERAL (
  SELECT o.currency, count(*) AS payouts, sum(o.amount) AS amount, sum(o.fee) AS fee,
         coalesce(sum(o.amount) FILTER (WHERE o.status = 'SUCCESS'), 0) AS paid,
         coalesce(sum(o.amount) FILTER (WHERE o.status IN ('FAILED', 'CANCELLED')), 0) AS failed
    FROM payouts o WHERE o.batch_id = b.id GROUP BY o.currency) t ON true`;
/** The keyset id: a batch has a row per currency. */
const BATCH_ROW_ID = sql`(b.id || ':' || t.currency)`;
const BATCH_COLUMNS = sql`${BATCH_ROW_ID} AS id, b.id AS batch_id, b.file_name, b.status, t.currency, t.payouts, t.amount, t.fee, t.paid, t.failed, b.created_by, b.created_at, b.finished_at`;

// The keys and order of contracts' PAYOUT_BATCH_EXPORT_COLUMNS.
const batchColumns: ExportColumnDef<BatchCurrencyRow>[] = [
  text('batchId', 'Batch ID', (r) => r.batch_id, sql`b.id`),
  when('createdAt', 'Submitted at', (r) => r.created_at, sql`b.created_at`, true),
  text('fileName', 'File', (r) => r.file_name, sql`b.file_name`),
  text('status', 'Status', (r) => r.status, sql`b.status`),
  text('currency', 'Currency', (r) => r.currency, sql`t.currency`),
  {
    key: 'payouts',
    label: 'Payouts',
    default: true,
    kind: 'integer',
    value: (r) => String(r.payouts),
    sql: sql`t.payouts`,
  },
  money('amount', 'Amount', (r) => r.amount, sql`t.amount`),
  money('fee', 'Fees', (r) => r.fee, sql`t.fee`),
  money('paidAmount', 'Paid', (r) => r.paid, sql`t.paid`),
  money('failedAmount', 'Returned', (r) => r.failed, sql`t.failed`),
  text('createdBy', 'Submitted by', (r) => r.created_by, sql`b.created_by`, false),
  when('finishedAt', 'Finished at', (r) => r.finished_at, sql`b.finished_at`, false),
];

/** Payout batches with their totals per currency, with the batches tab's filters; newest first. */
export const payoutBatchesExport: ExportTypeDef<BatchCurrencyRow> = {
  type: 'PAYOUT_BATCHES',
  fileLabel: 'payout-batches',
  menu: HISTORY,
  filtersSchema: batchFilters,
  columns: batchColumns,
  count: (db, merchantId, params) => countRows(db, BATCH_FROM, batchesWhere(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      BATCH_CURRENCY_SHAPE,
      {
        columns: BATCH_COLUMNS,
        from: BATCH_FROM,
        where: batchesWhere(merchantId, params),
        createdAt: sql`b.created_at`,
        id: BATCH_ROW_ID,
      },
      batchSize,
    ),
  source: (merchantId, params) => ({
    from: BATCH_FROM,
    where: batchesWhere(merchantId, params),
    orderBy: sql`b.created_at DESC, ${BATCH_ROW_ID} DESC`,
    currency: sql`t.currency`,
  }),
};
