import { sql } from 'drizzle-orm';
import { formatAmount } from '@mbo/contracts/money';
import { withdrawalFiltersSchema } from '@mbo/contracts/withdrawals-schemas';
import type { RowOf } from '../../db/typed-rows';
import { WITHDRAWAL_COLUMNS, WITHDRAWAL_FIELDS, WITHDRAWAL_FROM, withdrawalWhere } from '../withdrawals';
import { formatInZone } from '../../lib/zoned-time';
import type { ExportColumnDef, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';

/** WITHDRAWAL_COLUMNS' result, typed and decoded from the schema. */
const SHAPE = WITHDRAWAL_FIELDS;
type Row = RowOf<typeof SHAPE>;

const filtersSchema = withdrawalFiltersSchema.omit({ createdFrom: true, createdTo: true }).strict();

/** The withdrawal history's own WHERE (modules/withdrawals/withdrawal-record.ts) with the export's date range. */
function where(merchantId: string, params: ExportParams) {
  const filters = filtersSchema.parse(params.filters);
  return withdrawalWhere(merchantId, { ...filters, createdFrom: params.createdFrom, createdTo: params.createdTo });
}

const text = (
  key: string,
  label: string,
  pick: (r: Row) => string | null,
  raw: ReturnType<typeof sql>,
  isDefault = true,
): ExportColumnDef<Row> => ({
  key,
  label,
  default: isDefault,
  kind: 'text',
  value: (r) => pick(r) ?? '',
  sql: raw,
});
const money = (
  key: string,
  label: string,
  pick: (r: Row) => string | number,
  raw: ReturnType<typeof sql>,
): ExportColumnDef<Row> => ({
  key,
  label,
  default: true,
  kind: 'money',
  value: (r) => formatAmount(Number(pick(r)), r.currency),
  sql: raw,
});
const when = (
  key: string,
  label: string,
  pick: (r: Row) => string | Date | null,
  raw: ReturnType<typeof sql>,
  isDefault: boolean,
): ExportColumnDef<Row> => ({
  key,
  label,
  default: isDefault,
  kind: 'datetime',
  value: (r, ctx) => formatInZone(pick(r), ctx.timeZone),
  sql: raw,
});

// The keys and order of contracts' WITHDRAWAL_EXPORT_COLUMNS. The account is its last four digits only.
const columns: ExportColumnDef<Row>[] = [
  text('withdrawalId', 'Withdrawal ID', (r) => r.id, sql`w.id`),
  when('createdAt', 'Created at', (r) => r.created_at, sql`w.created_at`, true),
  text('status', 'Status', (r) => r.status, sql`w.status`),
  money('amount', 'Amount', (r) => r.amount, sql`w.amount`),
  money('fee', 'Fee', (r) => r.fee, sql`w.fee`),
  money('netAmount', 'Amount received', (r) => r.net_amount, sql`w.net_amount`),
  text('currency', 'Currency', (r) => r.currency, sql`w.currency`),
  text('bankName', 'Bank', (r) => r.bank_name, sql`b.bank_name`),
  text('accountLast4', 'Account (last 4)', (r) => r.last4, sql`b.last4`),
  text('remark', 'Remark', (r) => r.remark, sql`w.remark`, false),
  text('bankReference', 'Bank reference', (r) => r.bank_reference, sql`w.bank_reference`, false),
  text('failureReason', 'Failure reason', (r) => r.failure_reason, sql`w.failure_reason`, false),
  text('createdBy', 'Created by', (r) => r.created_by, sql`w.created_by`, false),
  when('finishedAt', 'Finished at', (r) => r.finished_at, sql`w.finished_at`, false),
];

/** Withdrawals, with the history's filters; newest first like the list. */
export const withdrawalsExport: ExportTypeDef<Row> = {
  type: 'WITHDRAWALS',
  fileLabel: 'withdrawals',
  menu: '/account/withdraw',
  filtersSchema,
  columns,
  count: (db, merchantId, params) => countRows(db, sql`withdrawals w`, where(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      SHAPE,
      {
        columns: WITHDRAWAL_COLUMNS,
        from: WITHDRAWAL_FROM,
        where: where(merchantId, params),
        createdAt: sql`w.created_at`,
        id: sql`w.id`,
      },
      batchSize,
    ),
  source: (merchantId, params) => ({
    from: WITHDRAWAL_FROM,
    where: where(merchantId, params),
    orderBy: sql`w.created_at DESC, w.id DESC`,
    currency: sql`w.currency`,
  }),
};
