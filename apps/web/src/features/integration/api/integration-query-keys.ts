import type { DeliveryListRequest, WebhookDeliveryFilters } from '@mbo/contracts/integration';

/** Query keys of the integration page: API keys, endpoints and deliveries (the secrets are never cached). */
export const integrationKeys = {
  all: ['integration'] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
  endpoints: () => [...integrationKeys.all, 'endpoints'] as const,
  endpointList: () => [...integrationKeys.endpoints(), 'list'] as const,
  endpoint: (endpointId: string) => [...integrationKeys.endpoints(), 'detail', endpointId] as const,
  deliveries: () => [...integrationKeys.all, 'deliveries'] as const,
  deliveryList: (request: DeliveryListRequest) => [...integrationKeys.deliveries(), 'list', request] as const,
  deliveryCounts: (filters: WebhookDeliveryFilters) =>
    [...integrationKeys.deliveries(), 'status-counts', filters] as const,
  delivery: (deliveryId: string) => [...integrationKeys.deliveries(), 'detail', deliveryId] as const,
};
