import { z } from 'zod';
import { isoDateTime } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import {
  API_KEY_MODES,
  WEBHOOK_DELIVERY_KINDS,
  WEBHOOK_DELIVERY_SORTS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_EVENT_TYPES,
} from './integration';

/** Request schemas of the integration calls (types and paths: integration.ts). */
const name = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');
export const apiKeyId = z
  .string()
  .trim()
  .regex(/^key_[0-9A-Z]{17}$/, 'must be an API key id');
export const endpointId = z
  .string()
  .trim()
  .regex(/^we_[0-9A-Z]{17}$/, 'must be a webhook endpoint id');
export const deliveryId = z
  .string()
  .trim()
  .regex(/^whd_[0-9A-Z]{17}$/, 'must be a delivery id');

/**
 * A webhook URL as typed: an absolute http(s) URL without credentials, at most 2,000 characters.
 * Whether its scheme and address are allowed is the server's (https only; the address is checked
 * again at every delivery).
 */
export const webhookUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2000, 'must be at most 2,000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !!url.hostname
      );
    } catch {
      return false;
    }
  }, 'must be a full URL such as https://example.com/webhooks');

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length);
const description = z.string().trim().max(200, 'must be at most 200 characters');

export const createApiKeyRequest = z.object({ name });
export const apiKeyIdRequest = z.object({ keyId: apiKeyId });

export const createWebhookEndpointRequest = z.object({
  url: webhookUrl,
  description: description.optional(),
  eventTypes,
  enabled: z.boolean().default(true),
});
export const updateWebhookEndpointRequest = z.object({
  endpointId,
  url: webhookUrl.optional(),
  description: description.nullable().optional(),
  eventTypes: eventTypes.optional(),
  enabled: z.boolean().optional(),
});
export const endpointIdRequest = z.object({ endpointId });

/** Every event of the range (created at from ≤ t < to) the endpoint subscribes to, sent again. */
export const replayWebhookEventsRequest = z.object({ endpointId, createdFrom: isoDateTime, createdTo: isoDateTime });

export const webhookDeliveryFiltersSchema = z.object({
  endpointId: endpointId.optional(),
  status: z.array(z.enum(WEBHOOK_DELIVERY_STATUSES)).max(WEBHOOK_DELIVERY_STATUSES.length).optional(),
  kind: z.array(z.enum(WEBHOOK_DELIVERY_KINDS)).max(WEBHOOK_DELIVERY_KINDS.length).optional(),
  eventType: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[a-z_]+\.[a-z_]+$/, 'must be an event type'),
    )
    .max(40)
    .optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  /** An event id or a delivery id (exact). */
  keyword: z.string().trim().max(100).optional(),
});
export const deliveryListRequest = webhookDeliveryFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(WEBHOOK_DELIVERY_SORTS).default('createdAt:desc'),
});
export const deliveryIdRequest = z.object({ deliveryId });

export const apiKeyRecordSchema = z.object({
  keyId: z.string(),
  name: z.string(),
  mode: z.enum(API_KEY_MODES),
  /** The start of the secret (sk_test_ and 4 characters), to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  createdByEmail: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export const apiKeyListSchema = z.object({
  /** The merchant id the API acts for with these keys. */
  merchantId: z.string(),
  maxActive: z.number(),
  activeCount: z.number(),
  records: z.array(apiKeyRecordSchema),
});

/** A new key: the secret is in this answer only; the server keeps its hash. */
export const createdApiKeySchema = z.object({
  key: apiKeyRecordSchema,
  secret: z.string(),
});

export const webhookEndpointRecordSchema = z.object({
  endpointId: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** FAILING: disabled by the server after days of failed deliveries (the owners were mailed). */
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** The first failed attempt since the last delivered one. */
  failingSince: z.string().nullable(),
  /** Until then the previous secret signs too (after a rotation). */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Deliveries of the last 24 hours by outcome, for the list. */
  recent: z.object({ succeeded: z.number(), failed: z.number(), pending: z.number() }),
});

export const webhookEndpointSecretSchema = z.object({
  secret: z.string(),
  previousSecretExpiresAt: z.string().nullable(),
});

export const webhookDeliveryRecordSchema = z.object({
  deliveryId: z.string(),
  endpointId: z.string(),
  endpointUrl: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  kind: z.enum(WEBHOOK_DELIVERY_KINDS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const webhookDeliveryPageSchema = pageSchema(webhookDeliveryRecordSchema);

export const webhookAttemptRecordSchema = z.object({
  attempt: z.number(),
  attemptedAt: z.string(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  /** The first 2 kB of the answer's body. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliveryDetailSchema = webhookDeliveryRecordSchema.extend({
  /** The event as sent (the body of every attempt). */
  payload: z.unknown(),
  attemptLog: z.array(webhookAttemptRecordSchema),
});

export const replayResultSchema = z.object({
  /** Deliveries queued: one per event of the range the endpoint subscribes to. */
  queued: z.number(),
});
