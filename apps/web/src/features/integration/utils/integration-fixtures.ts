/** API keys, endpoints and deliveries as the calls answer them, for the integration tests. */
import type {
  ApiKeyList,
  ApiKeyRecord,
  WebhookDeliveryDetail,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '@mbo/contracts/integration';

export const CI_KEY: ApiKeyRecord = {
  keyId: 'key_0000000000000000A',
  name: 'Checkout server',
  mode: 'SANDBOX',
  prefix: 'sk_test_AbCd',
  createdAt: '2026-03-01T01:00:00.000Z',
  createdByEmail: 'owner@demo.test',
  lastUsedAt: '2026-03-02T04:05:06.000Z',
  lastUsedIp: '203.0.113.7',
  revokedAt: null,
};

export const OLD_KEY: ApiKeyRecord = {
  ...CI_KEY,
  keyId: 'key_0000000000000000B',
  name: 'Old script',
  prefix: 'sk_test_ZzYy',
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: '2026-02-20T00:00:00.000Z',
};

export const keyList = (
  records: ApiKeyRecord[],
  activeCount = records.filter((r) => !r.revokedAt).length,
): ApiKeyList => ({
  merchantId: 'M100001',
  maxActive: 20,
  activeCount,
  records,
});

export const ORDERS: WebhookEndpointRecord = {
  endpointId: 'we_0000000000000000A',
  url: 'https://orders.example.com/webhooks',
  description: 'Order service',
  eventTypes: ['payment.succeeded', 'payment.failed'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-03-01T01:00:00.000Z',
  updatedAt: '2026-03-01T01:00:00.000Z',
  recent: { succeeded: 12, failed: 1, pending: 0 },
};

export const BROKEN: WebhookEndpointRecord = {
  ...ORDERS,
  endpointId: 'we_0000000000000000B',
  url: 'https://broken.example.com/hooks',
  description: null,
  eventTypes: ['refund.created', 'refund.succeeded', 'refund.failed'],
  enabled: false,
  disabledReason: 'FAILING',
  failingSince: '2026-02-26T00:00:00.000Z',
  recent: { succeeded: 0, failed: 5, pending: 0 },
};

export const FAILED_DELIVERY: WebhookDeliveryRecord = {
  deliveryId: 'whd_0000000000000000A',
  endpointId: ORDERS.endpointId,
  endpointUrl: ORDERS.url,
  eventId: 'evt_0000000000000000A',
  eventType: 'payment.succeeded',
  kind: 'EVENT',
  status: 'FAILED',
  attempts: 2,
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  nextAttemptAt: null,
  createdAt: '2026-03-02T01:00:00.000Z',
  finishedAt: '2026-03-02T02:00:00.000Z',
};

export const FAILED_DETAIL: WebhookDeliveryDetail = {
  ...FAILED_DELIVERY,
  payload: { id: 'evt_0000000000000000A', type: 'payment.succeeded', data: { object: { id: 'pay_1', amount: 1250 } } },
  attemptLog: [
    {
      attempt: 1,
      attemptedAt: '2026-03-02T01:00:01.000Z',
      statusCode: null,
      durationMs: 10000,
      responseBody: null,
      error: 'Timed out after 10 s',
    },
    {
      attempt: 2,
      attemptedAt: '2026-03-02T01:00:06.000Z',
      statusCode: 500,
      durationMs: 231,
      responseBody: '{"error":"db down"}',
      error: null,
    },
  ],
};
