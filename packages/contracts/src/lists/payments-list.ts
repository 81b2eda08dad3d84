/**
 * The payments list (Transactions → Payments): its one definition, read by the web page, the
 * server's list query (sorts, filter names) and the payments export (its columns).
 */
import { PAYMENT_SORTS, PAYMENT_STATUSES, type PaymentSort } from '../payments';
import type { ExportColumnSpec, ListDefinition } from './list-definition';

export const PAYMENT_LIST_COLUMN_KEYS = [
  'paymentId',
  'createdAt',
  'amount',
  'status',
  'method',
  'customer',
  'merchantOrderNo',
  'country',
  'fee',
  'net',
] as const;
export type PaymentListColumnKey = (typeof PAYMENT_LIST_COLUMN_KEYS)[number];

/** The columns a payments export can write, in order; the export module gives each its value. */
export const PAYMENT_EXPORT_COLUMNS = [
  { key: 'paymentId', label: 'Payment ID', kind: 'text', default: true },
  { key: 'merchantOrderNo', label: 'Merchant order no.', kind: 'text', default: true },
  { key: 'createdAt', label: 'Created at', kind: 'datetime', default: true },
  { key: 'paidAt', label: 'Paid at', kind: 'datetime', default: false },
  { key: 'status', label: 'Status', kind: 'text', default: true },
  { key: 'refundStatus', label: 'Refund status', kind: 'text', default: true },
  { key: 'refundedAmount', label: 'Refunded amount', kind: 'money', default: false },
  { key: 'disputeStatus', label: 'Dispute status', kind: 'text', default: false },
  { key: 'amount', label: 'Amount', kind: 'money', default: true },
  { key: 'fee', label: 'Fee', kind: 'money', default: true },
  { key: 'net', label: 'Net', kind: 'money', default: true },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'payMethodType', label: 'Payment method type', kind: 'text', default: true },
  { key: 'payMethodName', label: 'Payment method', kind: 'text', default: true },
  { key: 'country', label: 'Country', kind: 'text', default: true },
  { key: 'customerEmail', label: 'Customer email', kind: 'text', default: true },
  { key: 'customerName', label: 'Customer name', kind: 'text', default: true },
  // BIN + last 4 at most (PCI DSS 3.4.1).
  { key: 'card', label: 'Card', kind: 'text', default: false },
  { key: 'description', label: 'Description', kind: 'text', default: false },
  { key: 'failureReason', label: 'Failure reason', kind: 'text', default: false },
] as const satisfies readonly ExportColumnSpec[];
export type PaymentExportColumnKey = (typeof PAYMENT_EXPORT_COLUMNS)[number]['key'];

export const PAYMENTS_LIST = {
  key: 'payments',
  noun: { one: 'payment', many: 'payments' },
  rowKey: 'paymentId',
  // Widths: the default set (the first six) is 1,040 px, inside the 1,070 px a 1440 px window gives the card.
  columns: [
    { key: 'paymentId', label: 'Payment ID', format: 'id', defaultVisible: true, required: true, width: 190 },
    {
      key: 'createdAt',
      label: 'Created',
      format: 'datetime',
      sortField: 'createdAt',
      defaultVisible: true,
      width: 160,
    },
    {
      key: 'amount',
      label: 'Amount',
      format: 'money',
      sortField: 'amount',
      defaultVisible: true,
      width: 130,
      align: 'right',
    },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 180 },
    { key: 'method', label: 'Payment method', format: 'text', defaultVisible: true, width: 160 },
    { key: 'customer', label: 'Customer', format: 'text', defaultVisible: true, width: 220 },
    { key: 'merchantOrderNo', label: 'Merchant order no.', format: 'text', defaultVisible: false, width: 170 },
    { key: 'country', label: 'Country', format: 'text', defaultVisible: false, width: 90 },
    { key: 'fee', label: 'Fee', format: 'money', defaultVisible: false, width: 120, align: 'right' },
    { key: 'net', label: 'Net', format: 'money', defaultVisible: false, width: 130, align: 'right' },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search payments', placeholder: 'Payment ID, order no. or email' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Created date' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: PAYMENT_STATUSES },
    {
      type: 'option',
      urlKey: 'methodType',
      label: 'Payment method type',
      placeholder: 'Method type',
      source: 'payMethodTypes',
      apiKey: 'payMethodType',
    },
    {
      type: 'option',
      urlKey: 'method',
      label: 'Payment method',
      placeholder: 'Payment method',
      source: 'payMethodNames',
      apiKey: 'payMethodName',
    },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
    { type: 'amountRange', minKey: 'amountMin', maxKey: 'amountMax', label: 'Amount', currencyKey: 'currency' },
    {
      type: 'option',
      urlKey: 'country',
      label: 'Country',
      placeholder: 'Country',
      source: 'countries',
      apiKey: 'country',
    },
  ],
  sorts: PAYMENT_SORTS,
  defaultSort: 'createdAt:desc',
  tiles: { urlKey: 'status', statuses: ['SUCCESS', 'PENDING', 'FAILED', 'CANCELLED'] },
  exportType: 'PAYMENTS',
  exportColumns: PAYMENT_EXPORT_COLUMNS,
} as const satisfies ListDefinition<PaymentListColumnKey, PaymentSort>;
