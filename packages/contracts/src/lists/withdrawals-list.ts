/** The withdrawal history (Account → Withdraw): its one definition, for the page, the query and the export. */
import { WITHDRAWAL_STATUSES } from '../withdrawals';
import type { ExportColumnSpec, ListDefinition } from './list-definition';

export const WITHDRAWAL_LIST_COLUMN_KEYS = [
  'withdrawalId',
  'createdAt',
  'amount',
  'status',
  'account',
  'fee',
  'netAmount',
  'remark',
  'bankReference',
  'finishedAt',
] as const;
export type WithdrawalListColumnKey = (typeof WITHDRAWAL_LIST_COLUMN_KEYS)[number];

/** The columns a withdrawals export can write, in order; the export module gives each its value. */
export const WITHDRAWAL_EXPORT_COLUMNS = [
  { key: 'withdrawalId', label: 'Withdrawal ID', kind: 'text', default: true },
  { key: 'createdAt', label: 'Created at', kind: 'datetime', default: true },
  { key: 'status', label: 'Status', kind: 'text', default: true },
  { key: 'amount', label: 'Amount', kind: 'money', default: true },
  { key: 'fee', label: 'Fee', kind: 'money', default: true },
  { key: 'netAmount', label: 'Amount received', kind: 'money', default: true },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'bankName', label: 'Bank', kind: 'text', default: true },
  { key: 'accountLast4', label: 'Account (last 4)', kind: 'text', default: true },
  { key: 'remark', label: 'Remark', kind: 'text', default: false },
  { key: 'bankReference', label: 'Bank reference', kind: 'text', default: false },
  { key: 'failureReason', label: 'Failure reason', kind: 'text', default: false },
  { key: 'createdBy', label: 'Created by', kind: 'text', default: false },
  { key: 'finishedAt', label: 'Finished at', kind: 'datetime', default: false },
] as const satisfies readonly ExportColumnSpec[];
export type WithdrawalExportColumnKey = (typeof WITHDRAWAL_EXPORT_COLUMNS)[number]['key'];

/** Newest first: one order. */
export const WITHDRAWAL_SORTS = ['createdAt:desc'] as const;

export const WITHDRAWALS_LIST = {
  key: 'withdrawals',
  noun: { one: 'withdrawal', many: 'withdrawals' },
  rowKey: 'withdrawalId',
  columns: [
    { key: 'withdrawalId', label: 'Withdrawal ID', format: 'id', defaultVisible: true, required: true, width: 190 },
    { key: 'createdAt', label: 'Created', format: 'datetime', defaultVisible: true, width: 150 },
    { key: 'amount', label: 'Amount', format: 'money', defaultVisible: true, width: 130, align: 'right' },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 120 },
    { key: 'account', label: 'To account', format: 'text', defaultVisible: true, width: 200 },
    { key: 'fee', label: 'Fee', format: 'money', defaultVisible: false, width: 100, align: 'right' },
    { key: 'netAmount', label: 'Received', format: 'money', defaultVisible: true, width: 130, align: 'right' },
    { key: 'remark', label: 'Remark', format: 'text', defaultVisible: false, width: 180 },
    { key: 'bankReference', label: 'Bank reference', format: 'id', defaultVisible: false, width: 170 },
    { key: 'finishedAt', label: 'Finished', format: 'datetime', defaultVisible: false, width: 150 },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search withdrawals', placeholder: 'Withdrawal ID or bank reference' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Created date' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: WITHDRAWAL_STATUSES },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
    { type: 'amountRange', minKey: 'amountMin', maxKey: 'amountMax', label: 'Amount', currencyKey: 'currency' },
  ],
  sorts: WITHDRAWAL_SORTS,
  defaultSort: 'createdAt:desc',
  exportType: 'WITHDRAWALS',
  exportColumns: WITHDRAWAL_EXPORT_COLUMNS,
} as const satisfies ListDefinition<WithdrawalListColumnKey, (typeof WITHDRAWAL_SORTS)[number]>;
