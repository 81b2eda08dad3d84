/** The payout history's two tabs (Payouts → Payout history): payouts and batches, each one definition. */
import { PAYOUT_BATCH_STATUSES, PAYOUT_STATUSES } from '../payouts';
import type { ListDefinition } from './list-definition';

export const PAYOUT_LIST_COLUMN_KEYS = ['payoutId', 'createdAt', 'beneficiary', 'amount', 'status', 'account', 'fee', 'purpose', 'reference', 'batchId', 'finishedAt'] as const;
export type PayoutListColumnKey = (typeof PAYOUT_LIST_COLUMN_KEYS)[number];

/** Newest first (a batch's rows: in file order). */
export const PAYOUT_SORTS = ['createdAt:desc'] as const;

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
    { type: 'search', urlKey: 'q', label: 'Search payouts', placeholder: 'Payout, batch, bank reference or your reference' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Created date' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: PAYOUT_STATUSES },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
    { type: 'amountRange', minKey: 'amountMin', maxKey: 'amountMax', label: 'Amount', currencyKey: 'currency' },
  ],
  sorts: PAYOUT_SORTS,
  defaultSort: 'createdAt:desc',
} as const satisfies ListDefinition<PayoutListColumnKey, (typeof PAYOUT_SORTS)[number]>;

export const PAYOUT_BATCH_LIST_COLUMN_KEYS = ['batchId', 'createdAt', 'fileName', 'rowCount', 'totals', 'status', 'progress', 'createdBy'] as const;
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
} as const satisfies ListDefinition<PayoutBatchListColumnKey, (typeof PAYOUT_SORTS)[number]>;
