import type { Page } from '@mbo/contracts/envelope';
import {
  INTEGRATION_PATHS,
  WEBHOOK_DELIVERY_STATUSES,
  type DeliveryListRequest,
  type WebhookDeliveryDetail,
  type WebhookDeliveryRecord,
  type WebhookDeliveryFilters,
  type WebhookDeliveryStatus,
} from '@mbo/contracts/integration';
import { get, post } from '@/lib/http/request';
import { integrationKeys } from './integration-query-keys';

/** While a delivery of the page is pending, the log is read again this often (ms), so retries show as they happen. */
const PENDING_REFRESH_MS = 5_000;

function listDeliveries(
  request: DeliveryListRequest,
  signal?: AbortSignal,
  quiet = false,
): Promise<Page<WebhookDeliveryRecord>> {
  return post<Page<WebhookDeliveryRecord>>(INTEGRATION_PATHS.deliveries, request, { signal, showErrorMessage: !quiet });
}

/** One page of the delivery log. `quiet`: no error toast (a prefetch). */
export function deliveriesQueryOptions(request: DeliveryListRequest, { quiet = false } = {}) {
  return {
    queryKey: integrationKeys.deliveryList(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => listDeliveries(request, signal, quiet),
    staleTime: 5_000,
    refetchInterval: (query: { state: { data?: Page<WebhookDeliveryRecord> } }) =>
      query.state.data?.records.some((r) => r.status === 'PENDING') ? PENDING_REFRESH_MS : false,
  };
}

/**
 * The status tiles' counts (the log's filters but the status) and ALL: the total of a one-row page
 * per status, as the contract has no count call. Quiet: the tiles show dashes on failure.
 */
export function deliveryStatusCountsQueryOptions(filters: WebhookDeliveryFilters) {
  return {
    queryKey: integrationKeys.deliveryCounts(filters),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Record<WebhookDeliveryStatus | 'ALL', number>> => {
      const totals = await Promise.all(
        WEBHOOK_DELIVERY_STATUSES.map((status) =>
          listDeliveries({ ...filters, status: [status], pageNum: 1, pageSize: 1 }, signal, true).then((p) => p.total),
        ),
      );
      const counts = Object.fromEntries(WEBHOOK_DELIVERY_STATUSES.map((s, i) => [s, totals[i]])) as Record<
        WebhookDeliveryStatus,
        number
      >;
      return { ...counts, ALL: totals.reduce((sum, n) => sum + n, 0) };
    },
    staleTime: 5_000,
  };
}

/** A delivery with its event's payload and every attempt; read again while it is pending. */
export function deliveryQueryOptions(deliveryId: string) {
  return {
    queryKey: integrationKeys.delivery(deliveryId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<WebhookDeliveryDetail>(INTEGRATION_PATHS.delivery, { deliveryId }, { signal, showErrorMessage: false }),
    refetchInterval: (query: { state: { data?: WebhookDeliveryDetail } }) =>
      query.state.data?.status === 'PENDING' ? PENDING_REFRESH_MS : false,
  };
}

/** Sends a pending or failed delivery again now (API_INTEGRATION_UPDATE); the drawer shows a refusal. */
export function retryDelivery(deliveryId: string): Promise<WebhookDeliveryRecord> {
  return post<WebhookDeliveryRecord>(INTEGRATION_PATHS.retryDelivery, { deliveryId }, { showErrorMessage: false });
}
