/** The pay-in services list (Services → Pay-in services): its one definition. */
import { PAYIN_SERVICE_SORTS, PAYIN_SERVICE_STATUSES, type PayinServiceSort } from '../payin-services';
import type { ListDefinition } from './list-definition';

export const PAYIN_SERVICE_LIST_COLUMN_KEYS = [
  'method',
  'country',
  'currency',
  'fee',
  'limits',
  'settlementCycle',
  'cutoff',
  'status',
  'serviceId',
  'createdAt',
] as const;
export type PayinServiceListColumnKey = (typeof PAYIN_SERVICE_LIST_COLUMN_KEYS)[number];

export const PAYIN_SERVICES_LIST = {
  key: 'payin-services',
  noun: { one: 'service', many: 'pay-in services' },
  rowKey: 'serviceId',
  columns: [
    {
      key: 'method',
      label: 'Method',
      format: 'text',
      sortField: 'payMethodName',
      defaultVisible: true,
      required: true,
      width: 160,
    },
    { key: 'country', label: 'Country', format: 'text', sortField: 'country', defaultVisible: true, width: 112 },
    { key: 'currency', label: 'Currency', format: 'text', sortField: 'currency', defaultVisible: true, width: 120 },
    { key: 'fee', label: 'Fee', format: 'text', defaultVisible: true, width: 170 },
    { key: 'limits', label: 'Limits per payment', format: 'text', defaultVisible: true, width: 180 },
    { key: 'settlementCycle', label: 'Settlement', format: 'text', defaultVisible: true, width: 116 },
    { key: 'cutoff', label: 'Cut-off', format: 'text', defaultVisible: true, width: 130 },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 104 },
    { key: 'serviceId', label: 'Service ID', format: 'id', defaultVisible: false },
    {
      key: 'createdAt',
      label: 'Created',
      format: 'datetime',
      sortField: 'createdAt',
      defaultVisible: false,
      width: 130,
    },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search pay-in services', placeholder: 'Method or service ID' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: PAYIN_SERVICE_STATUSES },
    {
      type: 'option',
      urlKey: 'methodType',
      label: 'Method type',
      placeholder: 'Method type',
      source: 'payMethodTypes',
      apiKey: 'payMethodType',
    },
    {
      type: 'option',
      urlKey: 'country',
      label: 'Country',
      placeholder: 'Country',
      source: 'countries',
      apiKey: 'country',
    },
    { type: 'currency', urlKey: 'currency', label: 'Currency' },
  ],
  sorts: PAYIN_SERVICE_SORTS,
  defaultSort: 'country:asc',
} as const satisfies ListDefinition<PayinServiceListColumnKey, PayinServiceSort>;
