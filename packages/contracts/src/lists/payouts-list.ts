/** The payout history's two tabs (Payouts → Payout history): payouts and batches, each one definition. */
import { PAYOUT_BATCH_STATUSES, PAYOUT_STATUSES } from '../payouts';
import type { ExportColumnSpec, ListDefinition } from './list-definition';

export const PAYOUT_LIST_COLUMN_KEYS = [
  'payoutId',
  'createdAt',
  'beneficiary',
  'amount',
  'status',
  'account',
  'fee',
  'purpose',
  'reference',
  'batchId',
  'finishedAt',
] as const;
export type PayoutListColumnKey = (typeof PAYOUT_LIST_COLUMN_KEYS)[number];

/** Newest first (a batch's rows: in file order). */
export const PAYOUT_SORTS = ['createdAt:desc'] as const;

/** The columns a payouts export can write, in order (the account as its last four digits only). */
export const PAYOUT_EXPORT_COLUMNS = [
  { key: 'payoutId', label: 'Payout ID', kind: 'text', default: true },
  { key: 'createdAt', label: 'Created at', kind: 'datetime', default: true },
  { key: 'status', label: 'Status', kind: 'text', default: true },
  { key: 'beneficiaryName', label: 'Beneficiary', kind: 'text', default: true },
  { key: 'country', label: 'Country', kind: 'text', default: true },
  { key: 'method', label: 'Method', kind: 'text', default: false },
  { key: 'accountLast4', label: 'Account (last 4)', kind: 'text', default: true },
  { key: 'amount', label: 'Amount', kind: 'money', default: true },
  { key: 'fee', label: 'Fee', kind: 'money', default: true },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'purpose', label: 'Purpose', kind: 'text', default: false },
  { key: 'reference', label: 'Reference', kind: 'text', default: true },
  { key: 'batchId', label: 'Batch ID', kind: 'text', default: false },
  { key: 'rowNo', label: 'Row in batch', kind: 'integer', default: false },
  { key: 'bankReference', label: 'Bank reference', kind: 'text', default: false },
  { key: 'failureReason', label: 'Failure reason', kind: 'text', default: false },
  { key: 'finishedAt', label: 'Finished at', kind: 'datetime', default: false },
] as const satisfies readonly ExportColumnSpec[];

/** The columns a payout batches export can write, in order: one row per batch and currency. */
export const PAYOUT_BATCH_EXPORT_COLUMNS = [
  { key: 'batchId', label: 'Batch ID', kind: 'text', default: true },
  { key: 'createdAt', label: 'Submitted at', kind: 'datetime', default: true },
  { key: 'fileName', label: 'File', kind: 'text', default: true },
  { key: 'status', label: 'Status', kind: 'text', default: true },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'payouts', label: 'Payouts', kind: 'integer', default: true },
  { key: 'amount', label: 'Amount', kind: 'money', default: true },
  { key: 'fee', label: 'Fees', kind: 'money', default: true },
  { key: 'paidAmount', label: 'Paid', kind: 'money', default: true },
  { key: 'failedAmount', label: 'Returned', kind: 'money', default: true },
  { key: 'createdBy', label: 'Submitted by', kind: 'text', default: false },
  { key: 'finishedAt', label: 'Finished at', kind: 'datetime', default: false },
] as const satisfies readonly ExportColumnSpec[];

export const PAYOUTS_LIST = {
  key: 'payouts',
  noun: { one: 'payout', many: 'payouts' },
  rowKey: 'payoutId',
  columns: [
    { key: 'payoutId', label: 'Payout ID', format: 'id', defaultVisible: true, required: true, width: 190 },
    { key: 'createdAt', label: 'Created', format: 'datetime', defaultVisible: true, width: 150 },
    { key: 'beneficiary', label: 'Beneficiary', format: 'text', defaultVisible: true, width: 200 },
    { key: 'amount', label: 'Amount', format: 'money', defaultVisible: true, width: 130, align: 'right' },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 110 },
    { key: 'account', label: 'To', format: 'text', defaultVisible: true, width: 160 },
    { key: 'fee', label: 'Fee', format: 'money', defaultVisible: false, width: 100, align: 'right' },
    { key: 'purpose', label: 'Purpose', format: 'text', defaultVisible: false, width: 140 },
    { key: 'reference', label: 'Reference', format: 'text', defaultVisible: false, width: 150 },
    { key: 'batchId', label: 'Batch', format: 'id', defaultVisible: false, width: 190 },
    { key: 'finishedAt', label: 'Finished', format: 'datetime', defaultVisible: false, width: 150 },
  ],
  filters: [
    {
      type: 'search',
      urlKey: 'q',
      label: 'Search payouts',
      placeholder: 'Payout, batch, bank reference or your reference',
    },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Created date' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: PAYOUT_STATUSES },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
    { type: 'amountRange', minKey: 'amountMin', maxKey: 'amountMax', label: 'Amount', currencyKey: 'currency' },
  ],
  sorts: PAYOUT_SORTS,
  defaultSort: 'createdAt:desc',
  exportType: 'PAYOUTS',
  exportColumns: PAYOUT_EXPORT_COLUMNS,
} as const satisfies ListDefinition<PayoutListColumnKey, (typeof PAYOUT_SORTS)[number]>;

export const PAYOUT_BATCH_LIST_COLUMN_KEYS = [
  'batchId',
  'createdAt',
  'fileName',
  'rowCount',
  'totals',
  'status',
  'progress',
  'createdBy',
] as const;
export type PayoutBatchListColumnKey = (typeof PAYOUT_BATCH_LIST_COLUMN_KEYS)[number];

export const PAYOUT_BATCHES_LIST = {
  key: 'payout-batches',
  noun: { one: 'batch', many: 'batches' },
  rowKey: 'batchId',
  columns: [
    { key: 'batchId', label: 'Batch ID', format: 'id', defaultVisible: true, required: true, width: 190 },
    { key: 'createdAt', label: 'Submitted', format: 'datetime', defaultVisible: true, width: 150 },
    { key: 'fileName', label: 'File', format: 'text', defaultVisible: true, width: 180 },
    { key: 'rowCount', label: 'Payouts', format: 'integer', defaultVisible: true, width: 90, align: 'right' },
    { key: 'totals', label: 'Total', format: 'text', defaultVisible: true, width: 170, align: 'right' },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 140 },
    { key: 'progress', label: 'Paid / failed', format: 'text', defaultVisible: true, width: 130 },
    { key: 'createdBy', label: 'Submitted by', format: 'text', defaultVisible: false, width: 180 },
  ],
  filters: [
    { type: 'search', urlKey: 'bq', label: 'Search batches', placeholder: 'Batch ID or file name' },
    { type: 'dateRange', fromKey: 'bfrom', toKey: 'bto', label: 'Submitted date' },
    { type: 'statusSet', urlKey: 'bstatus', label: 'Status', statuses: PAYOUT_BATCH_STATUSES },
  ],
  sorts: PAYOUT_SORTS,
  defaultSort: 'createdAt:desc',
  exportType: 'PAYOUT_BATCHES',
  exportColumns: PAYOUT_BATCH_EXPORT_COLUMNS,
} as const satisfies ListDefinition<PayoutBatchListColumnKey, (typeof PAYOUT_SORTS)[number]>;
