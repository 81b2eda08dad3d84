/**
 * The balance transactions list (Account → Balance): its one definition, shared by the page, the server and the export.
 */
import {
  BALANCE_TRANSACTION_SORTS,
  BALANCE_TRANSACTION_TYPES,
  type BalanceTransactionSort,
} from '../balance-transactions';
import type { ExportColumnSpec, ListDefinition } from './list-definition';

export const BALANCE_TRANSACTION_LIST_COLUMN_KEYS = [
  'type',
  'reference',
  'net',
  'availableChange',
  'pendingChange',
  'availableAfter',
  'pendingAfter',
  'reservedAfter',
  'createdAt',
  'transactionId',
] as const;
export type BalanceTransactionListColumnKey = (typeof BALANCE_TRANSACTION_LIST_COLUMN_KEYS)[number];

export const BALANCE_TRANSACTION_EXPORT_COLUMNS = [
  { key: 'transactionId', label: 'Transaction ID', kind: 'text', default: true },
  { key: 'createdAt', label: 'Created at', kind: 'datetime', default: true },
  { key: 'type', label: 'Type', kind: 'text', default: true },
  { key: 'referenceType', label: 'Reference type', kind: 'text', default: true },
  { key: 'referenceId', label: 'Reference', kind: 'text', default: true },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'net', label: 'Net', kind: 'money', default: true },
  { key: 'availableChange', label: 'Available change', kind: 'money', default: true },
  { key: 'pendingChange', label: 'Pending change', kind: 'money', default: true },
  { key: 'reservedChange', label: 'Reserved change', kind: 'money', default: false },
  { key: 'availableAfter', label: 'Available after', kind: 'money', default: true },
  { key: 'pendingAfter', label: 'Pending after', kind: 'money', default: true },
  { key: 'reservedAfter', label: 'Reserved after', kind: 'money', default: false },
] as const satisfies readonly ExportColumnSpec[];

export const BALANCE_TRANSACTIONS_LIST = {
  key: 'balance-transactions',
  noun: { one: 'balance transaction', many: 'balance transactions' },
  rowKey: 'transactionId',
  columns: [
    { key: 'type', label: 'Type', format: 'status', defaultVisible: true, required: true, width: 130 },
    { key: 'reference', label: 'Reference', format: 'id', defaultVisible: true, width: 220 },
    { key: 'net', label: 'Net', format: 'money', defaultVisible: true, width: 130, align: 'right' },
    { key: 'availableChange', label: 'Available', format: 'money', defaultVisible: true, width: 120, align: 'right' },
    { key: 'pendingChange', label: 'Pending', format: 'money', defaultVisible: true, width: 120, align: 'right' },
    {
      key: 'availableAfter',
      label: 'Available after',
      format: 'money',
      defaultVisible: true,
      width: 140,
      align: 'right',
    },
    { key: 'pendingAfter', label: 'Pending after', format: 'money', defaultVisible: false, width: 140, align: 'right' },
    {
      key: 'reservedAfter',
      label: 'Reserved after',
      format: 'money',
      defaultVisible: false,
      width: 140,
      align: 'right',
    },
    {
      key: 'createdAt',
      label: 'Created',
      format: 'datetime',
      sortField: 'createdAt',
      defaultVisible: true,
      width: 140,
    },
    { key: 'transactionId', label: 'Transaction ID', format: 'id', defaultVisible: false },
  ],
  filters: [
    {
      type: 'search',
      urlKey: 'q',
      label: 'Search balance transactions',
      placeholder: 'Payment, refund or settlement ID',
    },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Created date' },
    // `kind` in the URL: the report centre's form reads `type` as the export type.
    { type: 'statusSet', urlKey: 'kind', label: 'Type', statuses: BALANCE_TRANSACTION_TYPES, apiKey: 'type' },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
  ],
  sorts: BALANCE_TRANSACTION_SORTS,
  defaultSort: 'createdAt:desc',
  exportType: 'BALANCE_TRANSACTIONS',
  exportColumns: BALANCE_TRANSACTION_EXPORT_COLUMNS,
} as const satisfies ListDefinition<BalanceTransactionListColumnKey, BalanceTransactionSort>;
