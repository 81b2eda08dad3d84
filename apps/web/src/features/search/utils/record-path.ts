import type { SearchResult } from '@mbo/contracts/search';
import { WEBHOOK_DELIVERIES_LIST } from '@mbo/contracts/lists/webhook-deliveries-list';

const q = encodeURIComponent;

/** The delivery log's search box: the URL key its list definition gives it. */
const DELIVERY_SEARCH_KEY = WEBHOOK_DELIVERIES_LIST.filters.find((f) => f.type === 'search')?.urlKey ?? 'q';

/**
 * Where a found record opens: its detail page, or, for a kind without one, its list showing it (an API
 * key on the integration page; a webhook event in its endpoint's delivery log, searched by its id).
 */
export function recordPath(r: Pick<SearchResult, 'kind' | 'id' | 'status' | 'endpointId'>): string {
  switch (r.kind) {
    case 'PAYMENT':
      return `/transactions/payments_detail?paymentId=${q(r.id)}`;
    case 'REFUND':
      return `/transactions/refunds_detail?refundId=${q(r.id)}`;
    case 'DISPUTE':
      return `/transactions/disputes/detail?disputeId=${q(r.id)}`;
    case 'SETTLEMENT':
      return `/settlements/detail?settlementId=${q(r.id)}`;
    case 'BATCH':
      // An open batch under the open batches, a closed or settled one under the batch history.
      return r.status === 'OPEN'
        ? `/settlements/batch/detail?batchId=${q(r.id)}`
        : `/settlements/batch/history/detail?batchId=${q(r.id)}`;
    case 'WITHDRAWAL':
      return `/account/withdraw?withdrawalId=${q(r.id)}`;
    case 'PAYOUT':
      return `/payout/history/detail?payoutId=${q(r.id)}`;
    case 'PAYOUT_BATCH':
      return `/payout/history/batch/detail?batchId=${q(r.id)}`;
    case 'AGREEMENT':
      return `/subscription/agreements/detail?agreementId=${q(r.id)}`;
    case 'PAYMENT_LINK':
      return `/transactions/payment_link/detail?linkId=${q(r.id)}`;
    case 'API_KEY':
      return '/settings/integration';
    case 'WEBHOOK_EVENT':
      return r.endpointId
        ? `/settings/integration?tab=webhooks&endpoint=${q(r.endpointId)}&${DELIVERY_SEARCH_KEY}=${q(r.id)}`
        : '/settings/integration?tab=webhooks';
  }
}
