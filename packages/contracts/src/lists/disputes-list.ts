/** The disputes list (Transactions → Disputes): its one definition, for the page, the query and the export. */
import { DISPUTE_STATUSES, DISPUTE_TYPES } from '../acquiring';
import { DISPUTE_REASONS } from '../dispute-reasons';
import { DISPUTE_SORTS } from '../disputes';
import type { ExportColumnSpec, ListDefinition } from './list-definition';

export const DISPUTE_LIST_COLUMN_KEYS = [
  'disputeId',
  'createdAt',
  'amount',
  'status',
  'reason',
  'dueAt',
  'paymentId',
  'type',
  'fee',
  'customerEmail',
  'merchantOrderNo',
] as const;
export type DisputeListColumnKey = (typeof DISPUTE_LIST_COLUMN_KEYS)[number];

export const DISPUTE_TYPE_LABELS: Readonly<Record<(typeof DISPUTE_TYPES)[number], string>> = {
  CUSTOMER_DISPUTE: 'Customer dispute',
  CHARGEBACK: 'Chargeback',
};

export const DISPUTE_REASON_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  DISPUTE_REASONS.map((r) => [r.code, r.label]),
);

/** The columns a disputes export can write, in order; the export module gives each its value. */
export const DISPUTE_EXPORT_COLUMNS = [
  { key: 'disputeId', label: 'Dispute ID', kind: 'text', default: true },
  { key: 'type', label: 'Type', kind: 'text', default: true },
  { key: 'status', label: 'Status', kind: 'text', default: true },
  { key: 'reason', label: 'Reason', kind: 'text', default: true },
  { key: 'networkCode', label: 'Reason code', kind: 'text', default: false },
  { key: 'paymentId', label: 'Payment ID', kind: 'text', default: true },
  { key: 'merchantOrderNo', label: 'Merchant order no.', kind: 'text', default: false },
  { key: 'customerEmail', label: 'Customer email', kind: 'text', default: false },
  { key: 'amount', label: 'Disputed amount', kind: 'money', default: true },
  { key: 'fee', label: 'Dispute fee', kind: 'money', default: true },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'createdAt', label: 'Opened at', kind: 'datetime', default: true },
  { key: 'dueAt', label: 'Evidence due', kind: 'datetime', default: true },
  { key: 'submittedAt', label: 'Submitted at', kind: 'datetime', default: false },
  { key: 'decidedAt', label: 'Decided at', kind: 'datetime', default: false },
] as const satisfies readonly ExportColumnSpec[];
export type DisputeExportColumnKey = (typeof DISPUTE_EXPORT_COLUMNS)[number]['key'];

export const DISPUTES_LIST = {
  key: 'disputes',
  noun: { one: 'dispute', many: 'disputes' },
  rowKey: 'disputeId',
  columns: [
    { key: 'disputeId', label: 'Dispute ID', format: 'id', defaultVisible: true, required: true, width: 186 },
    { key: 'createdAt', label: 'Opened', format: 'datetime', sortField: 'createdAt', defaultVisible: true, width: 152 },
    { key: 'amount', label: 'Amount', format: 'money', defaultVisible: true, width: 120, align: 'right' },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 144 },
    { key: 'reason', label: 'Reason', format: 'text', defaultVisible: true, width: 152 },
    { key: 'dueAt', label: 'Evidence due', format: 'datetime', sortField: 'dueAt', defaultVisible: true, width: 160 },
    { key: 'paymentId', label: 'Payment ID', format: 'id', defaultVisible: true, width: 186 },
    { key: 'type', label: 'Type', format: 'text', defaultVisible: false, width: 150 },
    { key: 'fee', label: 'Fee', format: 'money', defaultVisible: false, width: 100, align: 'right' },
    { key: 'customerEmail', label: 'Customer', format: 'text', defaultVisible: false, width: 200 },
    { key: 'merchantOrderNo', label: 'Merchant order no.', format: 'text', defaultVisible: false, width: 170 },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search disputes', placeholder: 'Dispute ID or payment ID' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Opened' },
    {
      type: 'dateRange',
      fromKey: 'dueFrom',
      toKey: 'dueTo',
      label: 'Evidence due',
      apiFromKey: 'dueFrom',
      apiToKey: 'dueTo',
    },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: DISPUTE_STATUSES },
    // Customer disputes or chargebacks (PRODUCT.md's "tabs"): a filter of the bar like the others, `kind` in the URL.
    {
      type: 'statusSet',
      urlKey: 'kind',
      label: 'Kind',
      statuses: DISPUTE_TYPES,
      apiKey: 'type',
      labels: DISPUTE_TYPE_LABELS,
    },
    {
      type: 'statusSet',
      urlKey: 'reason',
      label: 'Reason',
      statuses: DISPUTE_REASONS.map((r) => r.code),
      apiKey: 'reason',
      labels: DISPUTE_REASON_LABELS,
    },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
    { type: 'amountRange', minKey: 'amountMin', maxKey: 'amountMax', label: 'Amount', currencyKey: 'currency' },
  ],
  sorts: DISPUTE_SORTS,
  defaultSort: 'createdAt:desc',
  exportType: 'DISPUTES',
  exportColumns: DISPUTE_EXPORT_COLUMNS,
} as const satisfies ListDefinition<DisputeListColumnKey, (typeof DISPUTE_SORTS)[number]>;
