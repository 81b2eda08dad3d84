/**
 * The settlements' exports: the settlement history with its filters (SETTLEMENTS, from the report
 * centre or the history's Export button), and the payments of one settlement or batch
 * (SETTLEMENT_TRANSACTIONS, from its page), each with the same SQL as the page it exports.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  SETTLEMENT_EXPORT_COLUMNS,
  SETTLEMENT_TRANSACTION_EXPORT_COLUMNS,
} from '@mbo/contracts/lists/settlements-list';
import { formatAmount } from '@mbo/contracts/money';
import { batchId, listSettlementsRequest, settlementId } from '@mbo/contracts/settlements-schemas';
import {
  SETTLEMENT_TRANSACTION_COLUMNS,
  SETTLEMENT_TRANSACTION_FROM,
  SETTLEMENT_TRANSACTION_ORDER,
  settlementWhere,
  SETTLEMENT_COLUMNS,
} from '../settlements';
import { payments, refunds } from '../../db/payments-schema';
import { disputes } from '../../db/schema';
import { settlements } from '../../db/settlements-schema';
import { computed, orNull, type RowOf } from '../../db/typed-rows';
import { formatInZone } from '../../lib/zoned-time';
import type { ExportColumnDef, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';

/** @reads disputes, payments, refunds, settlement_batches, settlements */

const money =
  <Row extends { currency: string }>(pick: (r: Row) => string | number) =>
  (r: Row) =>
    formatAmount(Number(pick(r)), r.currency);

// ------------------------------------------------------------------ settlements

/** The history's filters without paging, sort and dates (the export's range bounds the settlement day, in its zone). */
const settlementFilters = z
  .object({
    status: listSettlementsRequest.shape.status,
    currency: listSettlementsRequest.shape.currency,
    keyword: listSettlementsRequest.shape.keyword,
  })
  .strict();

function settlementsWhere(merchantId: string, params: ExportParams) {
  return settlementWhere(merchantId, params.timeZone, {
    ...settlementFilters.parse(params.filters),
    createdFrom: params.createdFrom,
    createdTo: params.createdTo,
  });
}

/** SETTLEMENT_COLUMNS' result, typed and decoded from the schema (settlement_day is read as its text). */
const SETTLEMENT_SHAPE = {
  id: settlements.id,
  currency: settlements.currency,
  settlement_day: settlements.settlementDay,
  status: settlements.status,
  batch_count: settlements.batchCount,
  payment_count: settlements.paymentCount,
  refund_count: settlements.refundCount,
  gross: settlements.gross,
  refunds: settlements.refunds,
  fees: settlements.fees,
  disputes: settlements.disputes,
  reserve: settlements.reserve,
  net: settlements.net,
  bank_account: settlements.bankAccount,
  bank_reference: settlements.bankReference,
  ledger_transaction_id: settlements.ledgerTransactionId,
  created_at: settlements.createdAt,
  paid_at: settlements.paidAt,
};
type SettlementRow = RowOf<typeof SETTLEMENT_SHAPE>;

type SettlementKey = (typeof SETTLEMENT_EXPORT_COLUMNS)[number]['key'];
const SETTLEMENT_CELLS: Record<SettlementKey, Pick<ExportColumnDef<SettlementRow>, 'value' | 'sql'>> = {
  settlementId: { value: (r) => r.id, sql: sql`s.id` },
  settlementDay: { value: (r) => r.settlement_day, sql: sql`s.settlement_day::text` },
  currency: { value: (r) => r.currency, sql: sql`s.currency` },
  status: { value: (r) => r.status, sql: sql`s.status` },
  paymentCount: { value: (r) => String(r.payment_count), sql: sql`s.payment_count` },
  gross: { value: money((r) => r.gross), sql: sql`s.gross` },
  refunds: { value: money((r) => r.refunds), sql: sql`s.refunds` },
  fees: { value: money((r) => r.fees), sql: sql`s.fees` },
  disputes: { value: money((r) => r.disputes), sql: sql`s.disputes` },
  reserve: { value: money((r) => r.reserve), sql: sql`s.reserve` },
  net: { value: money((r) => r.net), sql: sql`s.net` },
  bankReference: { value: (r) => r.bank_reference ?? '', sql: sql`coalesce(s.bank_reference, '')` },
  paidAt: { value: (r, ctx) => formatInZone(r.paid_at, ctx.timeZone), sql: sql`s.paid_at` },
};

/** Settlement history (/settlements/history): its menu besides API_REPORT_EXPORT; newest first. */
export const settlementsExport: ExportTypeDef<SettlementRow> = {
  type: 'SETTLEMENTS',
  fileLabel: 'settlements',
  menu: '/settlements/history',
  filtersSchema: settlementFilters,
  columns: SETTLEMENT_EXPORT_COLUMNS.map(({ key, label, kind, default: isDefault }) => ({
    key,
    label,
    kind,
    default: isDefault,
    ...SETTLEMENT_CELLS[key],
  })),
  count: (db, merchantId, params) => countRows(db, sql`settlements s`, settlementsWhere(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      SETTLEMENT_SHAPE,
      {
        columns: SETTLEMENT_COLUMNS,
        from: sql`settlements s`,
        where: settlementsWhere(merchantId, params),
        createdAt: sql`s.created_at`,
        id: sql`s.id`,
      },
      batchSize,
    ),
  source: (merchantId, params) => ({
    from: sql`settlements s`,
    where: settlementsWhere(merchantId, params),
    orderBy: sql`s.created_at DESC, s.id DESC`,
    currency: sql`s.currency`,
  }),
};

// ------------------------------------------------------------------ a settlement's or a batch's payments

/** Exactly one of the two ids; the export's date range is not used (the record decides the rows). */
const transactionFilters = z
  .object({ settlementId: settlementId.optional(), batchId: batchId.optional() })
  .strict()
  .refine((f) => (f.settlementId === undefined) !== (f.batchId === undefined), {
    message: 'give settlementId or batchId',
    path: ['settlementId'],
  });

/** The payments of the merchant's settlement or batch: another merchant's id matches no row. */
function transactionsWhere(merchantId: string, params: ExportParams) {
  const f = transactionFilters.parse(params.filters);
  const batches =
    f.settlementId !== undefined
      ? sql`SELECT id FROM settlement_batches WHERE settlement_id = ${f.settlementId} AND merchant_id = ${merchantId}`
      : sql`SELECT id FROM settlement_batches WHERE id = ${f.batchId} AND merchant_id = ${merchantId}`;
  return sql`p.merchant_id = ${merchantId} AND p.batch_id IN (${batches})`;
}

type TransactionKey = (typeof SETTLEMENT_TRANSACTION_EXPORT_COLUMNS)[number]['key'];
/**
 * SETTLEMENT_TRANSACTION_COLUMNS' result, typed and decoded from the schema: the payment, and the refund's and the
 * dispute's sides of the left joins (the deducted amounts coalesced to 0).
 */
const TRANSACTION_SHAPE = {
  id: payments.id,
  merchant_order_no: payments.merchantOrderNo,
  batch_id: payments.batchId,
  currency: payments.currency,
  pay_method_name: payments.payMethodName,
  paid_at: payments.paidAt,
  amount: payments.amount,
  fee: payments.fee,
  refund_id: orNull(refunds.id),
  refunded: computed(Number),
  dispute_id: orNull(disputes.id),
  disputed: computed(Number),
};
type TransactionRow = RowOf<typeof TRANSACTION_SHAPE>;
const net = (r: TransactionRow) => Number(r.amount) - Number(r.fee) - Number(r.refunded);
const TRANSACTION_CELLS: Record<TransactionKey, Pick<ExportColumnDef<TransactionRow>, 'value' | 'sql'>> = {
  paymentId: { value: (r) => r.id, sql: sql`p.id` },
  merchantOrderNo: { value: (r) => r.merchant_order_no, sql: sql`p.merchant_order_no` },
  // Never null: the WHERE takes the batch's payments.
  batchId: { value: (r) => r.batch_id ?? '', sql: sql`p.batch_id` },
  capturedAt: { value: (r, ctx) => formatInZone(r.paid_at, ctx.timeZone), sql: sql`p.paid_at` },
  payMethodName: { value: (r) => r.pay_method_name, sql: sql`p.pay_method_name` },
  currency: { value: (r) => r.currency, sql: sql`p.currency` },
  gross: { value: money((r) => r.amount), sql: sql`p.amount` },
  fee: { value: money((r) => r.fee), sql: sql`p.fee` },
  refunded: { value: money((r) => r.refunded), sql: sql`coalesce(r.amount, 0)` },
  refundId: { value: (r) => r.refund_id ?? '', sql: sql`coalesce(r.id, '')` },
  net: { value: money(net), sql: sql`p.amount - p.fee - coalesce(r.amount, 0)` },
};

/** A settlement's or a batch's payments with what each adds to the net; the settlement pages' menu. */
export const settlementTransactionsExport: ExportTypeDef<TransactionRow> = {
  type: 'SETTLEMENT_TRANSACTIONS',
  fileLabel: 'settlement_transactions',
  menu: '/settlements/history',
  filtersSchema: transactionFilters,
  columns: SETTLEMENT_TRANSACTION_EXPORT_COLUMNS.map(({ key, label, kind, default: isDefault }) => ({
    key,
    label,
    kind,
    default: isDefault,
    ...TRANSACTION_CELLS[key],
  })),
  count: (db, merchantId, params) => countRows(db, sql`payments p`, transactionsWhere(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      TRANSACTION_SHAPE,
      {
        columns: SETTLEMENT_TRANSACTION_COLUMNS,
        from: SETTLEMENT_TRANSACTION_FROM,
        where: transactionsWhere(merchantId, params),
        createdAt: sql`p.paid_at`,
        id: sql`p.id`,
      },
      batchSize,
    ),
  source: (merchantId, params) => ({
    from: SETTLEMENT_TRANSACTION_FROM,
    where: transactionsWhere(merchantId, params),
    orderBy: SETTLEMENT_TRANSACTION_ORDER,
    currency: sql`p.currency`,
  }),
};
