import type { Page } from '@mbo/contracts/envelope';
import { PAYMENT_LINK_PATHS, type ListPaymentLinksRequest, type PaymentLinkRecord } from '@mbo/contracts/payment-links';
import { post } from '@/lib/http/request';
import { paymentLinkKeys } from './payment-link-keys';

/** One page of the merchant's payment links. */
export function listPaymentLinks(
  params: ListPaymentLinksRequest,
  signal?: AbortSignal,
): Promise<Page<PaymentLinkRecord>> {
  return post<Page<PaymentLinkRecord>>(PAYMENT_LINK_PATHS.list, params, { signal });
}

export function paymentLinksQueryOptions(params: ListPaymentLinksRequest) {
  return {
    queryKey: paymentLinkKeys.list(params),
    queryFn: ({ signal }: { signal: AbortSignal }) => listPaymentLinks(params, signal),
  };
}
