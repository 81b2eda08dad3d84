/**
 * Tones of the integration page's statuses: API keys, endpoints and deliveries. Their words: the
 * `labels` namespace (API key modes, delivery statuses) and the `integration` one (`states`).
 */
import type { ApiKeyRecord, WebhookDeliveryStatus, WebhookEndpointRecord } from '@mbo/contracts/integration';
import type { StatusTone } from '@/components/list/status-tag';

export type ApiKeyState = 'ACTIVE' | 'REVOKED';
export const apiKeyState = (key: ApiKeyRecord): ApiKeyState => (key.revokedAt ? 'REVOKED' : 'ACTIVE');
export const API_KEY_STATE_TONE: Record<ApiKeyState, StatusTone> = { ACTIVE: 'success', REVOKED: 'default' };

/** The visible start of a key, as a user tells keys apart ("sk_test_AbCd…"). */
export const keyPrefixText = (key: Pick<ApiKeyRecord, 'prefix'>) => `${key.prefix}…`;

export type EndpointState = 'ENABLED' | 'DISABLED' | 'FAILING';
/** FAILING: the server turned the endpoint off after days of failed deliveries; DISABLED: someone did. */
export function endpointState(e: Pick<WebhookEndpointRecord, 'enabled' | 'disabledReason'>): EndpointState {
  if (e.enabled) return 'ENABLED';
  return e.disabledReason === 'FAILING' ? 'FAILING' : 'DISABLED';
}
export const ENDPOINT_STATE_TONE: Record<EndpointState, StatusTone> = {
  ENABLED: 'success',
  DISABLED: 'default',
  FAILING: 'error',
};

export const DELIVERY_STATUS_TONE: Record<WebhookDeliveryStatus, StatusTone> = {
  PENDING: 'warning',
  SUCCEEDED: 'success',
  FAILED: 'error',
};
/** A delivery that can be sent again by hand: a pending one (now, not at its next attempt) or a failed one. */
export const isRetryable = (status: WebhookDeliveryStatus) => status === 'PENDING' || status === 'FAILED';

/** A JSON value as people read it: indented; anything that is not JSON as text. */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The previous secret's end, while it still signs (after a rotation); null once it has passed. */
export function previousSecretUntil(expiresAt: string | null, now: Date = new Date()): string | null {
  return expiresAt && Date.parse(expiresAt) > now.getTime() ? expiresAt : null;
}
