import {
  INTEGRATION_PATHS,
  type CreateWebhookEndpointRequest,
  type ReplayResult,
  type ReplayWebhookEventsRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
  type WebhookEndpointSecret,
} from '@mbo/contracts/integration';
import { get, post } from '@/lib/http/request';
import { integrationKeys } from './integration-query-keys';

export function listEndpoints(signal?: AbortSignal, quiet = false): Promise<WebhookEndpointRecord[]> {
  return get<WebhookEndpointRecord[]>(INTEGRATION_PATHS.endpoints, undefined, { signal, showErrorMessage: !quiet });
}

/** The merchant's webhook endpoints with their last 24 hours of deliveries; read again every 30 s while shown. */
export function endpointsQueryOptions({ quiet = false } = {}) {
  return {
    queryKey: integrationKeys.endpointList(),
    queryFn: ({ signal }: { signal: AbortSignal }) => listEndpoints(signal, quiet),
    staleTime: 10_000,
    refetchInterval: 30_000,
  };
}

export function endpointQueryOptions(endpointId: string) {
  return {
    queryKey: integrationKeys.endpoint(endpointId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<WebhookEndpointRecord>(INTEGRATION_PATHS.endpoint, { endpointId }, { signal, showErrorMessage: false }),
    staleTime: 10_000,
  };
}

/*
 * The changes (API_INTEGRATION_UPDATE). A refusal (a URL the server will not call, the endpoint
 * limit, a disabled endpoint) is shown in the dialog that made the call, so none of them toasts.
 */

export function createEndpoint(body: CreateWebhookEndpointRequest): Promise<WebhookEndpointRecord> {
  return post<WebhookEndpointRecord>(INTEGRATION_PATHS.createEndpoint, body, { showErrorMessage: false });
}

export function updateEndpoint(body: UpdateWebhookEndpointRequest): Promise<WebhookEndpointRecord> {
  return post<WebhookEndpointRecord>(INTEGRATION_PATHS.updateEndpoint, body, { showErrorMessage: false });
}

/** Turning an endpoint on or off from a switch: no dialog to show a refusal in, so the client toasts it. */
export function setEndpointEnabled(endpointId: string, enabled: boolean): Promise<WebhookEndpointRecord> {
  return post<WebhookEndpointRecord>(INTEGRATION_PATHS.updateEndpoint, { endpointId, enabled });
}

export function deleteEndpoint(endpointId: string): Promise<{ endpointId: string }> {
  return post<{ endpointId: string }>(INTEGRATION_PATHS.deleteEndpoint, { endpointId }, { showErrorMessage: false });
}

/** The signing secret, on request (the server audits each reveal). Kept in the card's state only. */
export function revealEndpointSecret(endpointId: string): Promise<WebhookEndpointSecret> {
  return post<WebhookEndpointSecret>(INTEGRATION_PATHS.endpointSecret, { endpointId }, { showErrorMessage: false });
}

/** A new signing secret; the previous one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS. */
export function rotateEndpointSecret(endpointId: string): Promise<WebhookEndpointSecret> {
  return post<WebhookEndpointSecret>(INTEGRATION_PATHS.rotateSecret, { endpointId }, { showErrorMessage: false });
}

/** Queues a webhook.test delivery to the endpoint; it shows in the delivery log. */
export function sendTestEvent(endpointId: string): Promise<WebhookDeliveryRecord> {
  return post<WebhookDeliveryRecord>(INTEGRATION_PATHS.sendTestEvent, { endpointId }, { showErrorMessage: false });
}

export function replayEvents(body: ReplayWebhookEventsRequest): Promise<ReplayResult> {
  return post<ReplayResult>(INTEGRATION_PATHS.replay, body, { showErrorMessage: false });
}
