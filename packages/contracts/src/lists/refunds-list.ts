/** The refunds list (Transactions → Refunds): its one definition, for the page, the query and the export. */
import { REFUND_STATUSES } from '../refunds';
import type { ExportColumnSpec, ListDefinition } from './list-definition';

export const REFUND_LIST_COLUMN_KEYS = [
  'refundId',
  'createdAt',
  'amount',
  'status',
  'paymentId',
  'reason',
  'merchantOrderNo',
  'finishedAt',
] as const;
export type RefundListColumnKey = (typeof REFUND_LIST_COLUMN_KEYS)[number];

/** The columns a refunds export can write, in order; the export module gives each its value. */
export const REFUND_EXPORT_COLUMNS = [
  { key: 'refundId', label: 'Refund ID', kind: 'text', default: true },
  { key: 'paymentId', label: 'Payment ID', kind: 'text', default: true },
  { key: 'merchantOrderNo', label: 'Merchant order no.', kind: 'text', default: true },
  { key: 'createdAt', label: 'Created at', kind: 'datetime', default: true },
  { key: 'finishedAt', label: 'Finished at', kind: 'datetime', default: false },
  { key: 'status', label: 'Status', kind: 'text', default: true },
  { key: 'amount', label: 'Refund amount', kind: 'money', default: true },
  { key: 'paymentAmount', label: 'Payment amount', kind: 'money', default: false },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'reason', label: 'Reason', kind: 'text', default: true },
  { key: 'note', label: 'Note', kind: 'text', default: false },
  { key: 'failureReason', label: 'Failure reason', kind: 'text', default: false },
] as const satisfies readonly ExportColumnSpec[];
export type RefundExportColumnKey = (typeof REFUND_EXPORT_COLUMNS)[number]['key'];

/** Refunds have one order, newest first. */
export const REFUND_SORTS = ['createdAt:desc'] as const;

export const REFUNDS_LIST = {
  key: 'refunds',
  noun: { one: 'refund', many: 'refunds' },
  rowKey: 'refundId',
  columns: [
    { key: 'refundId', label: 'Refund ID', format: 'id', defaultVisible: true, required: true, width: 190 },
    { key: 'createdAt', label: 'Created', format: 'datetime', defaultVisible: true, width: 160 },
    { key: 'amount', label: 'Amount', format: 'money', defaultVisible: true, width: 130, align: 'right' },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 130 },
    { key: 'paymentId', label: 'Payment ID', format: 'id', defaultVisible: true, width: 190 },
    { key: 'reason', label: 'Reason', format: 'text', defaultVisible: true, width: 200 },
    { key: 'merchantOrderNo', label: 'Merchant order no.', format: 'text', defaultVisible: false, width: 170 },
    { key: 'finishedAt', label: 'Finished', format: 'datetime', defaultVisible: false, width: 160 },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search refunds', placeholder: 'Refund ID or payment ID' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Created date' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: REFUND_STATUSES },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
    { type: 'amountRange', minKey: 'amountMin', maxKey: 'amountMax', label: 'Amount', currencyKey: 'currency' },
  ],
  sorts: REFUND_SORTS,
  defaultSort: 'createdAt:desc',
  exportType: 'REFUNDS',
  exportColumns: REFUND_EXPORT_COLUMNS,
} as const satisfies ListDefinition<RefundListColumnKey, (typeof REFUND_SORTS)[number]>;
