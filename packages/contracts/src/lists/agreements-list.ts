/** The agreements list (Subscriptions → Agreements): its one definition, for the page, the query and the export. */
import { AGREEMENT_SORTS, AGREEMENT_STATUSES } from '../subscriptions';
import type { ExportColumnSpec, ListDefinition } from './list-definition';

export const AGREEMENT_LIST_COLUMN_KEYS = [
  'agreementId',
  'createdAt',
  'customer',
  'plan',
  'status',
  'nextChargeAt',
  'method',
  'country',
  'totalCollected',
  'cyclesCharged',
] as const;
export type AgreementListColumnKey = (typeof AGREEMENT_LIST_COLUMN_KEYS)[number];

/** The columns an agreements export can write, in order; the export module gives each its value. */
export const AGREEMENT_EXPORT_COLUMNS = [
  { key: 'agreementId', label: 'Agreement ID', kind: 'text', default: true },
  { key: 'status', label: 'Status', kind: 'text', default: true },
  { key: 'customerName', label: 'Customer name', kind: 'text', default: true },
  { key: 'customerEmail', label: 'Customer email', kind: 'text', default: true },
  { key: 'amount', label: 'Amount per cycle', kind: 'money', default: true },
  { key: 'currency', label: 'Currency', kind: 'text', default: true },
  { key: 'plan', label: 'Plan', kind: 'text', default: true },
  { key: 'cyclesCharged', label: 'Cycles charged', kind: 'integer', default: true },
  { key: 'totalCollected', label: 'Total collected', kind: 'money', default: true },
  { key: 'payMethodName', label: 'Payment method', kind: 'text', default: false },
  { key: 'cardLast4', label: 'Card last 4', kind: 'text', default: false },
  { key: 'country', label: 'Country', kind: 'text', default: false },
  { key: 'createdAt', label: 'Created at', kind: 'datetime', default: true },
  { key: 'nextChargeAt', label: 'Next charge', kind: 'datetime', default: true },
  { key: 'cancelledAt', label: 'Cancelled at', kind: 'datetime', default: false },
  { key: 'endReason', label: 'End reason', kind: 'text', default: false },
] as const satisfies readonly ExportColumnSpec[];
export type AgreementExportColumnKey = (typeof AGREEMENT_EXPORT_COLUMNS)[number]['key'];

export const AGREEMENTS_LIST = {
  key: 'agreements',
  noun: { one: 'agreement', many: 'agreements' },
  rowKey: 'agreementId',
  columns: [
    { key: 'agreementId', label: 'Agreement ID', format: 'id', defaultVisible: true, required: true, width: 190 },
    {
      key: 'createdAt',
      label: 'Created',
      format: 'datetime',
      sortField: 'createdAt',
      defaultVisible: true,
      width: 150,
    },
    { key: 'customer', label: 'Customer', format: 'text', defaultVisible: true, width: 180 },
    { key: 'plan', label: 'Plan', format: 'money', defaultVisible: true, width: 150, align: 'right' },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 120 },
    {
      key: 'nextChargeAt',
      label: 'Next charge',
      format: 'datetime',
      sortField: 'nextChargeAt',
      defaultVisible: true,
      width: 150,
    },
    { key: 'method', label: 'Payment method', format: 'text', defaultVisible: true, width: 130 },
    { key: 'country', label: 'Country', format: 'text', defaultVisible: false, width: 90 },
    { key: 'totalCollected', label: 'Collected', format: 'money', defaultVisible: false, width: 130, align: 'right' },
    { key: 'cyclesCharged', label: 'Cycles', format: 'integer', defaultVisible: false, width: 90, align: 'right' },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search agreements', placeholder: 'Agreement ID, customer email or name' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Created' },
    {
      type: 'dateRange',
      fromKey: 'nextFrom',
      toKey: 'nextTo',
      label: 'Next charge',
      apiFromKey: 'nextChargeFrom',
      apiToKey: 'nextChargeTo',
    },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: AGREEMENT_STATUSES },
    {
      type: 'option',
      urlKey: 'country',
      label: 'Country',
      placeholder: 'Country',
      source: 'agreementCountries',
      apiKey: 'country',
    },
    {
      type: 'option',
      urlKey: 'methodType',
      label: 'Method type',
      placeholder: 'Method type',
      source: 'agreementPayMethodTypes',
      apiKey: 'payMethodType',
    },
    {
      type: 'option',
      urlKey: 'method',
      label: 'Method',
      placeholder: 'Method',
      source: 'agreementPayMethodNames',
      apiKey: 'payMethodName',
    },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
  ],
  sorts: AGREEMENT_SORTS,
  defaultSort: 'createdAt:desc',
  tiles: { urlKey: 'status', statuses: AGREEMENT_STATUSES },
  exportType: 'AGREEMENTS',
  exportColumns: AGREEMENT_EXPORT_COLUMNS,
} as const satisfies ListDefinition<AgreementListColumnKey, (typeof AGREEMENT_SORTS)[number]>;
