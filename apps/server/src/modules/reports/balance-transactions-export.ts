import { sql } from 'drizzle-orm';
import { listBalanceTransactionsRequest } from '@mbo/contracts/balance-transactions-schemas';
import { BALANCE_TRANSACTION_EXPORT_COLUMNS } from '@mbo/contracts/lists/balance-transactions-list';
import { formatAmount } from '@mbo/contracts/money';
import {
  BALANCE_LATERALS,
  BALANCE_TRANSACTION_COLUMNS,
  BALANCE_TRANSACTION_FIELDS,
  BALANCE_TRANSACTION_ORDER,
  balanceTransactionWhere,
} from '../account';
import type { RowOf } from '../../db/typed-rows';
import { formatInZone } from '../../lib/zoned-time';
import type { ExportColumnDef, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';

/** BALANCE_TRANSACTION_COLUMNS' result, typed and decoded from the schema (the sums: numbers). */
const SHAPE = BALANCE_TRANSACTION_FIELDS;
type Row = RowOf<typeof SHAPE>;
type ColumnKey = (typeof BALANCE_TRANSACTION_EXPORT_COLUMNS)[number]['key'];

/** The list's filters without paging, sort and dates (the export has its own date range). */
const filtersSchema = listBalanceTransactionsRequest.pick({ currency: true, type: true, keyword: true }).strict();

/**
 * The balance transactions list's own WHERE (modules/account/list-balance-transactions.ts) with the export's date
 * range.
 */
function where(merchantId: string, params: ExportParams) {
  const filters = filtersSchema.parse(params.filters);
  return balanceTransactionWhere(merchantId, {
    ...filters,
    createdFrom: params.createdFrom,
    createdTo: params.createdTo,
  });
}

const num = (v: string | number) => Number(v);
const money = (pick: (r: Row) => string | number) => (r: Row) => formatAmount(num(pick(r)), r.currency);
const net = (r: Row) => num(r.available_change) + num(r.pending_change) + num(r.reserved_change);

/** Each column's text in JS (`value`, by its kind) and the same raw value in SQL (sql-cells.ts formats it alike). */
const CELLS: Record<ColumnKey, Pick<ExportColumnDef<Row>, 'value' | 'sql'>> = {
  transactionId: { value: (r) => r.id, sql: sql`t.id::text` },
  createdAt: { value: (r, ctx) => formatInZone(r.created_at, ctx.timeZone), sql: sql`t.created_at` },
  type: { value: (r) => r.kind, sql: sql`t.kind` },
  referenceType: { value: (r) => r.reference_type, sql: sql`t.reference_type` },
  referenceId: { value: (r) => r.reference_id, sql: sql`t.reference_id` },
  currency: { value: (r) => r.currency, sql: sql`t.currency` },
  net: { value: money(net), sql: sql`ch.available_change + ch.pending_change + ch.reserved_change` },
  availableChange: { value: money((r) => r.available_change), sql: sql`ch.available_change` },
  pendingChange: { value: money((r) => r.pending_change), sql: sql`ch.pending_change` },
  reservedChange: { value: money((r) => r.reserved_change), sql: sql`ch.reserved_change` },
  availableAfter: { value: money((r) => r.available_after), sql: sql`af.available_after` },
  pendingAfter: { value: money((r) => r.pending_after), sql: sql`af.pending_after` },
  reservedAfter: { value: money((r) => r.reserved_after), sql: sql`af.reserved_after` },
};

// The columns, labels, kinds and defaults of the list definition (BALANCE_TRANSACTIONS_LIST.exportColumns), in its
// order.
const columns: ExportColumnDef<Row>[] = BALANCE_TRANSACTION_EXPORT_COLUMNS.map(
  ({ key, label, kind, default: isDefault }) => ({
    key,
    label,
    kind,
    default: isDefault,
    ...CELLS[key],
  }),
);

const FROM = sql`ledger_transactions t ${BALANCE_LATERALS}`;

/**
 * Balance transactions (Account → Balance), with the list's filters; newest first like the list. Open
 * to the roles that see the balance page (the list's own menu), besides API_REPORT_EXPORT.
 */
export const balanceTransactionsExport: ExportTypeDef<Row> = {
  type: 'BALANCE_TRANSACTIONS',
  fileLabel: 'balance_transactions',
  menu: '/account/balance',
  filtersSchema,
  columns,
  count: (db, merchantId, params) => countRows(db, sql`ledger_transactions t`, where(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      SHAPE,
      {
        columns: BALANCE_TRANSACTION_COLUMNS,
        from: FROM,
        where: where(merchantId, params),
        createdAt: sql`t.created_at`,
        id: sql`t.id`,
      },
      batchSize,
    ),
  // The list's index order (ledger_transactions_merchant_created_idx and its currency and kind siblings).
  source: (merchantId, params) => ({
    from: FROM,
    where: where(merchantId, params),
    orderBy: BALANCE_TRANSACTION_ORDER['createdAt:desc'],
    currency: sql`t.currency`,
  }),
};
