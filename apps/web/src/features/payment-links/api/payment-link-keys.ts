import type { ListPaymentLinkPaymentsRequest, ListPaymentLinksRequest } from '@mbo/contracts/payment-links';

/**
 * Query keys of the payment links: the list, one link and its payments (all under `all`, so refreshing the links
 * refreshes them too), and the currencies a new link may take.
 */
export const paymentLinkKeys = {
  all: ['payment-links'] as const,
  lists: () => [...paymentLinkKeys.all, 'list'] as const,
  list: (params: ListPaymentLinksRequest) => [...paymentLinkKeys.lists(), params] as const,
  detail: (linkId: string) => [...paymentLinkKeys.all, 'detail', linkId] as const,
  payments: (params: ListPaymentLinkPaymentsRequest) => [...paymentLinkKeys.all, 'payments', params] as const,
  cardCurrencies: () => [...paymentLinkKeys.all, 'card-currencies'] as const,
};
