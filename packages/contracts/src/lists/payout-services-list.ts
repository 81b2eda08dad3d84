/** The payout services list (Services → Payout methods): its one definition. */
import {
  PAYOUT_METHOD_TYPE_LABELS,
  PAYOUT_METHOD_TYPES,
  PAYOUT_SERVICE_SORTS,
  PAYOUT_SERVICE_STATUSES,
  type PayoutServiceSort,
} from '../payout-services';
import type { ListDefinition } from './list-definition';

export const PAYOUT_SERVICE_LIST_COLUMN_KEYS = [
  'method',
  'country',
  'currency',
  'fee',
  'limits',
  'cutoff',
  'arrival',
  'status',
  'serviceId',
] as const;
export type PayoutServiceListColumnKey = (typeof PAYOUT_SERVICE_LIST_COLUMN_KEYS)[number];

export const PAYOUT_SERVICES_LIST = {
  key: 'payout-services',
  noun: { one: 'payout service', many: 'payout services' },
  rowKey: 'serviceId',
  columns: [
    {
      key: 'method',
      label: 'Method',
      format: 'text',
      sortField: 'methodName',
      defaultVisible: true,
      required: true,
      width: 170,
    },
    { key: 'country', label: 'Country', format: 'text', sortField: 'country', defaultVisible: true, width: 112 },
    { key: 'currency', label: 'Currency', format: 'text', sortField: 'currency', defaultVisible: true, width: 120 },
    { key: 'fee', label: 'Fee per payout', format: 'text', defaultVisible: true, width: 150 },
    { key: 'limits', label: 'Limits per payout', format: 'text', defaultVisible: true, width: 170 },
    { key: 'cutoff', label: 'Cut-off', format: 'text', defaultVisible: true, width: 130 },
    { key: 'arrival', label: 'Arrives', format: 'text', defaultVisible: true, width: 120 },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 104 },
    { key: 'serviceId', label: 'Service ID', format: 'id', defaultVisible: false },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search payout methods', placeholder: 'Method or service ID' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: PAYOUT_SERVICE_STATUSES },
    {
      type: 'statusSet',
      urlKey: 'type',
      label: 'Method type',
      statuses: PAYOUT_METHOD_TYPES,
      apiKey: 'methodType',
      labels: PAYOUT_METHOD_TYPE_LABELS,
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
  sorts: PAYOUT_SERVICE_SORTS,
  defaultSort: 'country:asc',
} as const satisfies ListDefinition<PayoutServiceListColumnKey, PayoutServiceSort>;
