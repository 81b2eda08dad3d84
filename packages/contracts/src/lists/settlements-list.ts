/**
 * The settlement lists (Settlements menu): settlement history, open batches, batch history, and a settlement's
 * transactions (export).
 */
import {
  BATCH_SORTS,
  SETTLEMENT_SORTS,
  SETTLEMENT_STATUSES,
  type BatchSort,
  type SettlementSort,
} from '../settlements';
import type { ExportColumnSpec, ListDefinition } from './list-definition';

export const SETTLEMENT_LIST_COLUMN_KEYS = [
  'settlementDay',
  'currency',
  'gross',
  'refunds',
  'fees',
  'disputes',
  'net',
  'status',
  'bankReference',
  'paymentCount',
  'settlementId',
  'paidAt',
] as const;
export type SettlementListColumnKey = (typeof SETTLEMENT_LIST_COLUMN_KEYS)[number];

export const SETTLEMENT_EXPORT_COLUMNS = [
  { key: 'settlementId', label: 'Settlement ID', kind: 'text', default: true },
  { key: 'settlementDay', label: 'Settlement day', kind: 'text', default: true },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'status', label: 'Status', kind: 'text', default: true },
  { key: 'paymentCount', label: 'Payments', kind: 'integer', default: true },
  { key: 'gross', label: 'Gross', kind: 'money', default: true },
  { key: 'refunds', label: 'Refunds', kind: 'money', default: true },
  { key: 'fees', label: 'Fees', kind: 'money', default: true },
  { key: 'disputes', label: 'Dispute adjustments', kind: 'money', default: true },
  { key: 'reserve', label: 'Reserve', kind: 'money', default: false },
  { key: 'net', label: 'Net', kind: 'money', default: true },
  { key: 'bankReference', label: 'Bank reference', kind: 'text', default: true },
  { key: 'paidAt', label: 'Paid at', kind: 'datetime', default: true },
] as const satisfies readonly ExportColumnSpec[];

export const SETTLEMENTS_LIST = {
  key: 'settlements',
  noun: { one: 'settlement', many: 'settlements' },
  rowKey: 'settlementId',
  columns: [
    {
      key: 'settlementDay',
      label: 'Settlement day',
      format: 'date',
      sortField: 'settlementDay',
      defaultVisible: true,
      required: true,
      width: 130,
    },
    { key: 'currency', label: 'Currency', format: 'text', defaultVisible: true, width: 84 },
    { key: 'gross', label: 'Gross', format: 'money', defaultVisible: true, width: 130, align: 'right' },
    { key: 'refunds', label: 'Refunds', format: 'money', defaultVisible: true, width: 120, align: 'right' },
    { key: 'fees', label: 'Fees', format: 'money', defaultVisible: true, width: 110, align: 'right' },
    { key: 'disputes', label: 'Disputes', format: 'money', defaultVisible: false, width: 110, align: 'right' },
    { key: 'net', label: 'Net', format: 'money', defaultVisible: true, width: 130, align: 'right' },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 96 },
    { key: 'bankReference', label: 'Bank reference', format: 'id', defaultVisible: true, width: 170 },
    { key: 'paymentCount', label: 'Payments', format: 'integer', defaultVisible: false, width: 96, align: 'right' },
    { key: 'settlementId', label: 'Settlement ID', format: 'id', defaultVisible: false, width: 200 },
    { key: 'paidAt', label: 'Paid at', format: 'datetime', defaultVisible: false, width: 140 },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search settlements', placeholder: 'Settlement ID or bank reference' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Settlement day' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: SETTLEMENT_STATUSES },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
  ],
  sorts: SETTLEMENT_SORTS,
  defaultSort: 'settlementDay:desc',
  exportType: 'SETTLEMENTS',
  exportColumns: SETTLEMENT_EXPORT_COLUMNS,
} as const satisfies ListDefinition<SettlementListColumnKey, SettlementSort>;

export const BATCH_LIST_COLUMN_KEYS = [
  'batchId',
  'currency',
  'businessDay',
  'closesAt',
  'dueDay',
  'cycle',
  'paymentCount',
  'gross',
  'fees',
  'refunds',
  'net',
  'status',
  'settlementId',
] as const;
export type BatchListColumnKey = (typeof BATCH_LIST_COLUMN_KEYS)[number];

const BATCH_COLUMNS = [
  { key: 'batchId', label: 'Batch ID', format: 'id', defaultVisible: true, required: true, width: 186 },
  { key: 'currency', label: 'Currency', format: 'text', defaultVisible: true, width: 98 },
  { key: 'businessDay', label: 'Business day', format: 'date', defaultVisible: false, width: 120 },
  { key: 'closesAt', label: 'Cut-off', format: 'datetime', sortField: 'closesAt', defaultVisible: true, width: 140 },
  { key: 'dueDay', label: 'Settles on', format: 'date', defaultVisible: true, width: 120 },
  { key: 'cycle', label: 'Cycle', format: 'text', defaultVisible: false, width: 80 },
  { key: 'paymentCount', label: 'Payments', format: 'integer', defaultVisible: true, width: 100, align: 'right' },
  { key: 'gross', label: 'Gross', format: 'money', defaultVisible: true, width: 124, align: 'right' },
  { key: 'fees', label: 'Fees', format: 'money', defaultVisible: true, width: 104, align: 'right' },
  { key: 'refunds', label: 'Refunds', format: 'money', defaultVisible: false, width: 110, align: 'right' },
  { key: 'net', label: 'Net', format: 'money', defaultVisible: true, width: 124, align: 'right' },
  { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 96 },
  { key: 'settlementId', label: 'Settlement', format: 'id', defaultVisible: false, width: 186 },
] as const;

const BATCH_FILTERS = [
  { type: 'search', urlKey: 'q', label: 'Search batches', placeholder: 'Batch ID' },
  { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Cut-off date' },
  { type: 'currency', urlKey: 'currency', label: 'Currency' },
] as const;

/** Open batches (/settlements/batch): captured, not yet closed. */
export const SETTLEMENT_BATCHES_LIST = {
  key: 'settlement-batches',
  noun: { one: 'open batch', many: 'open batches' },
  rowKey: 'batchId',
  columns: BATCH_COLUMNS,
  filters: BATCH_FILTERS,
  sorts: BATCH_SORTS,
  defaultSort: 'closesAt:desc',
} as const satisfies ListDefinition<BatchListColumnKey, BatchSort>;

/** Closed batches (/settlements/batch/history): closed, and settled ones with their settlement. */
export const SETTLEMENT_BATCH_HISTORY_LIST = {
  key: 'settlement-batch-history',
  noun: { one: 'closed batch', many: 'closed batches' },
  rowKey: 'batchId',
  // With its settlement shown, the payment count and the fees wait in the column chooser: the default set fits 1440 px.
  columns: BATCH_COLUMNS.map((c) =>
    c.key === 'settlementId'
      ? { ...c, defaultVisible: true }
      : c.key === 'paymentCount' || c.key === 'fees'
        ? { ...c, defaultVisible: false }
        : c,
  ),
  filters: BATCH_FILTERS,
  sorts: BATCH_SORTS,
  defaultSort: 'closesAt:desc',
} as const satisfies ListDefinition<BatchListColumnKey, BatchSort>;

/** A settlement's (or batch's) payments, as its export writes them. */
export const SETTLEMENT_TRANSACTION_EXPORT_COLUMNS = [
  { key: 'paymentId', label: 'Payment ID', kind: 'text', default: true },
  { key: 'merchantOrderNo', label: 'Merchant order no.', kind: 'text', default: true },
  { key: 'batchId', label: 'Batch ID', kind: 'text', default: true },
  { key: 'capturedAt', label: 'Captured at', kind: 'datetime', default: true },
  { key: 'payMethodName', label: 'Method', kind: 'text', default: true },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'gross', label: 'Gross', kind: 'money', default: true },
  { key: 'fee', label: 'Fee', kind: 'money', default: true },
  { key: 'refunded', label: 'Refund deducted', kind: 'money', default: true },
  { key: 'refundId', label: 'Refund ID', kind: 'text', default: false },
  { key: 'net', label: 'Net', kind: 'money', default: true },
] as const satisfies readonly ExportColumnSpec[];
