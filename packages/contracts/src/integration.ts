/**
 * Integration (Settings → Integration): API keys, webhook endpoints and their delivery log, as the
 * back-office calls them. Request schemas: integration-schemas.ts (types inferred from them). The
 * merchant REST API itself (/api/v1, Bearer keys) is merchant-api.ts.
 */
import type { z } from 'zod';
import type {
  apiKeyIdRequest,
  apiKeyListSchema,
  apiKeyRecordSchema,
  createApiKeyRequest,
  createdApiKeySchema,
  createWebhookEndpointRequest,
  deliveryIdRequest,
  deliveryListRequest,
  endpointIdRequest,
  replayResultSchema,
  replayWebhookEventsRequest,
  updateWebhookEndpointRequest,
  webhookAttemptRecordSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryFiltersSchema,
  webhookDeliveryRecordSchema,
  webhookEndpointRecordSchema,
  webhookEndpointSecretSchema,
} from './integration-schemas';

export const INTEGRATION_PATHS = {
  apiKeys: '/usercenter/web/v1/integration/api-key/list',
  createApiKey: '/usercenter/web/v1/integration/api-key/create',
  revokeApiKey: '/usercenter/web/v1/integration/api-key/revoke',
  endpoints: '/usercenter/web/v1/integration/webhook/list',
  endpoint: '/usercenter/web/v1/integration/webhook/detail',
  createEndpoint: '/usercenter/web/v1/integration/webhook/create',
  updateEndpoint: '/usercenter/web/v1/integration/webhook/update',
  deleteEndpoint: '/usercenter/web/v1/integration/webhook/delete',
  /** The signing secret, shown on request (audited). */
  endpointSecret: '/usercenter/web/v1/integration/webhook/secret',
  rotateSecret: '/usercenter/web/v1/integration/webhook/rotate-secret',
  sendTestEvent: '/usercenter/web/v1/integration/webhook/send-test',
  replay: '/usercenter/web/v1/integration/webhook/replay',
  deliveries: '/usercenter/web/v1/integration/webhook/delivery/list',
  delivery: '/usercenter/web/v1/integration/webhook/delivery/detail',
  retryDelivery: '/usercenter/web/v1/integration/webhook/delivery/retry',
} as const;

/** The web route of the API docs (PAGE_API_DOCS's resourceUrl) and the generated document's URL. */
export const API_DOCS_ROUTE = '/settings/integration/api-docs';
export const OPENAPI_URL = '/api/v1/openapi.json';

/** At most this many keys are active (not revoked) per merchant. */
export const MAX_ACTIVE_API_KEYS = 20;
/** At most this many webhook endpoints per merchant. */
export const MAX_WEBHOOK_ENDPOINTS = 16;
export const API_KEY_MODES = ['SANDBOX'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/**
 * The events a webhook endpoint can subscribe to, with what each means. The data of each is the API
 * object it names (merchant-api-schemas.ts), as it was when the event happened.
 */
export const WEBHOOK_EVENT_LABELS = {
  'payment.succeeded': 'A payment succeeded',
  'payment.failed': 'A payment failed',
  'refund.created': 'A refund was submitted',
  'refund.succeeded': 'A refund succeeded',
  'refund.failed': 'A refund failed',
  'dispute.created': 'A customer disputed a payment',
  'dispute.updated': 'A dispute changed status (evidence submitted, under review)',
  'dispute.closed': 'A dispute was won or lost',
  'settlement.paid': 'A settlement was paid out',
  'payout.created': 'A payout was created',
  'payout.paid': 'A payout was paid',
  'payout.failed': 'A payout failed',
  'payout.cancelled': 'A payout was rejected by an approver (its amount returned)',
  'subscription.created': 'A subscription agreement started',
  'subscription.cancelled': 'A subscription agreement was cancelled',
  'subscription.expired': 'A subscription agreement ended after its last cycle',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENT_LABELS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_LABELS) as WebhookEventType[];
/** The event "Send test event" sends; no endpoint subscribes to it and a replay never sends it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_KINDS = ['EVENT', 'TEST', 'REPLAY'] as const;
/** Why an endpoint is off without anyone turning it off: its deliveries kept failing. */
export const WEBHOOK_DISABLED_REASONS = ['FAILING'] as const;
export type WebhookDeliveryKind = (typeof WEBHOOK_DELIVERY_KINDS)[number];
export const WEBHOOK_DELIVERY_SORTS = ['createdAt:desc', 'createdAt:asc'] as const;
export type WebhookDeliverySort = (typeof WEBHOOK_DELIVERY_SORTS)[number];
/** The first this many bytes of an answer's body are kept with each attempt. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 2048;
/** A rotated secret keeps signing beside the new one this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** A replay covers at most this many days. */
export const WEBHOOK_REPLAY_MAX_DAYS = 31;

export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;
export type ApiKeyIdRequest = z.infer<typeof apiKeyIdRequest>;
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequest>;
export type UpdateWebhookEndpointRequest = z.input<typeof updateWebhookEndpointRequest>;
export type EndpointIdRequest = z.infer<typeof endpointIdRequest>;
export type ReplayWebhookEventsRequest = z.infer<typeof replayWebhookEventsRequest>;
export type WebhookDeliveryFilters = z.infer<typeof webhookDeliveryFiltersSchema>;
export type DeliveryListRequest = z.input<typeof deliveryListRequest>;
export type DeliveryListQuery = z.output<typeof deliveryListRequest>;
export type DeliveryIdRequest = z.infer<typeof deliveryIdRequest>;

export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;

export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** A new key: the secret is in this answer only; the server keeps its hash. */
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export type WebhookEndpointRecord = z.infer<typeof webhookEndpointRecordSchema>;

export type WebhookEndpointSecret = z.infer<typeof webhookEndpointSecretSchema>;

export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecordSchema>;

export type WebhookAttemptRecord = z.infer<typeof webhookAttemptRecordSchema>;

export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export type ReplayResult = z.infer<typeof replayResultSchema>;
