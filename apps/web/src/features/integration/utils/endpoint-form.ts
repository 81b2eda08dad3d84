/**
 * The endpoint form's rules, the same as the contract's (integration-schemas.ts: webhookUrl, the
 * events, the description) so the form says what is wrong before the server does, plus the one the
 * server adds: https only, http:// just for localhost on a development server. Plain code, not the
 * zod schemas: the page's chunk carries no schema library (endpoint-form.test.ts checks both agree).
 */
import type { TFunction } from 'i18next';
import type {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookEndpointRecord,
  WebhookEventType,
} from '@mbo/contracts/integration';
import { displayNumber } from '@/lib/formats';

export const URL_MAX = 2000;
export const DESCRIPTION_MAX = 200;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface EndpointFormValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
}

export type EndpointFormField = 'url' | 'description' | 'eventTypes';
export type EndpointFormErrors = Partial<Record<EndpointFormField, string>>;

export const EMPTY_ENDPOINT_FORM: EndpointFormValues = { url: '', description: '', eventTypes: [], enabled: true };

/** The form's values of an endpoint being edited. */
export function endpointFormValues(endpoint: WebhookEndpointRecord): EndpointFormValues {
  return {
    url: endpoint.url,
    description: endpoint.description ?? '',
    eventTypes: [...endpoint.eventTypes],
    enabled: endpoint.enabled,
  };
}

/** What is wrong with a URL as typed, or null (`t`: the `integration` namespace's, here and below). */
export function webhookUrlError(raw: string, t: TFunction): string | null {
  const value = raw.trim();
  if (!value) return t('form.errors.urlRequired');
  if (value.length > URL_MAX) return t('form.errors.urlMax', { max: displayNumber(URL_MAX) });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return t('form.errors.urlInvalid');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return t('form.errors.urlInvalid');
  if (url.username || url.password) return t('form.errors.urlCredentials');
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) return t('form.errors.urlHttps');
  return null;
}

/** The form's errors by field (empty when it can be sent). */
export function endpointFormErrors(values: EndpointFormValues, t: TFunction): EndpointFormErrors {
  const errors: EndpointFormErrors = {};
  const url = webhookUrlError(values.url, t);
  if (url) errors.url = url;
  if (values.description.trim().length > DESCRIPTION_MAX)
    errors.description = t('form.errors.descriptionMax', { max: DESCRIPTION_MAX });
  if (values.eventTypes.length === 0) errors.eventTypes = t('form.errors.eventsRequired');
  return errors;
}

export function toCreateRequest(values: EndpointFormValues): CreateWebhookEndpointRequest {
  const description = values.description.trim();
  return {
    url: values.url.trim(),
    ...(description ? { description } : {}),
    eventTypes: values.eventTypes,
    enabled: values.enabled,
  };
}

/** Every field of the form (a cleared description is sent as null, which removes it). */
export function toUpdateRequest(endpointId: string, values: EndpointFormValues): UpdateWebhookEndpointRequest {
  const description = values.description.trim();
  return {
    endpointId,
    url: values.url.trim(),
    description: description || null,
    eventTypes: values.eventTypes,
    enabled: values.enabled,
  };
}
