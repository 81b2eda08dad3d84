import { z } from 'zod';
import { isoDateTime } from './common-schemas';
import { WEBHOOK_DELIVERY_KINDS, WEBHOOK_DELIVERY_SORTS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from './integration';

/** Request schemas of the integration calls (types and paths: integration.ts). */
const name = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');
export const apiKeyId = z.string().trim().regex(/^key_[0-9A-Z]{17}$/, 'must be an API key id');
export const endpointId = z.string().trim().regex(/^we_[0-9A-Z]{17}$/, 'must be a webhook endpoint id');
export const deliveryId = z.string().trim().regex(/^whd_[0-9A-Z]{17}$/, 'must be a delivery id');

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
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !!url.hostname;
    } catch {
      return false;
    }
  }, 'must be a full URL such as https://example.com/webhooks');

const eventTypes = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'choose at least one event').max(WEBHOOK_EVENT_TYPES.length);
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
  eventType: z.array(z.string().trim().regex(/^[a-z_]+\.[a-z_]+$/, 'must be an event type')).max(40).optional(),
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
