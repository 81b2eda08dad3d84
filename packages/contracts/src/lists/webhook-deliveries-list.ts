/** The webhook delivery log (Settings → Integration → Webhooks): its one definition, for the page and the query. */
import {
  WEBHOOK_DELIVERY_KINDS,
  WEBHOOK_DELIVERY_SORTS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
} from '../integration';
import type { ListDefinition } from './list-definition';

export const WEBHOOK_DELIVERY_LIST_COLUMN_KEYS = [
  'createdAt',
  'eventType',
  'status',
  'attempts',
  'lastStatusCode',
  'endpointUrl',
  'eventId',
  'nextAttemptAt',
] as const;
export type WebhookDeliveryListColumnKey = (typeof WEBHOOK_DELIVERY_LIST_COLUMN_KEYS)[number];

export const WEBHOOK_DELIVERY_KIND_LABELS = { EVENT: 'Event', TEST: 'Test event', REPLAY: 'Replay' } as const;

export const WEBHOOK_DELIVERIES_LIST = {
  key: 'webhook-deliveries',
  noun: { one: 'delivery', many: 'deliveries' },
  rowKey: 'deliveryId',
  columns: [
    {
      key: 'createdAt',
      label: 'Created',
      format: 'datetime',
      sortField: 'createdAt',
      defaultVisible: true,
      required: true,
      width: 180,
    },
    { key: 'eventType', label: 'Event', format: 'text', defaultVisible: true, width: 200 },
    { key: 'status', label: 'Status', format: 'status', defaultVisible: true, width: 120 },
    { key: 'attempts', label: 'Attempts', format: 'integer', defaultVisible: true, width: 100, align: 'right' },
    { key: 'lastStatusCode', label: 'HTTP', format: 'text', defaultVisible: true, width: 90 },
    { key: 'endpointUrl', label: 'Endpoint', format: 'text', defaultVisible: true, width: 260 },
    { key: 'eventId', label: 'Event ID', format: 'id', defaultVisible: false, width: 230 },
    { key: 'nextAttemptAt', label: 'Next attempt', format: 'datetime', defaultVisible: false, width: 170 },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search deliveries', placeholder: 'Event or delivery ID' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'Created' },
    { type: 'statusSet', urlKey: 'status', label: 'Status', statuses: WEBHOOK_DELIVERY_STATUSES },
    {
      type: 'statusSet',
      urlKey: 'event',
      label: 'Event',
      statuses: WEBHOOK_EVENT_TYPES,
      apiKey: 'eventType',
      labels: WEBHOOK_EVENT_LABELS,
    },
    {
      type: 'statusSet',
      urlKey: 'kind',
      label: 'Kind',
      statuses: WEBHOOK_DELIVERY_KINDS,
      apiKey: 'kind',
      labels: WEBHOOK_DELIVERY_KIND_LABELS,
    },
  ],
  sorts: WEBHOOK_DELIVERY_SORTS,
  defaultSort: 'createdAt:desc',
  tiles: { urlKey: 'status', statuses: WEBHOOK_DELIVERY_STATUSES },
} as const satisfies ListDefinition<WebhookDeliveryListColumnKey, (typeof WEBHOOK_DELIVERY_SORTS)[number]>;
