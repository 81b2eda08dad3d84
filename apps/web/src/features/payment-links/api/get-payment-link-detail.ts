import type { Page } from '@mbo/contracts/envelope';
import {
  PAYMENT_LINK_PATHS,
  type ListPaymentLinkPaymentsRequest,
  type PaymentLinkDetail,
  type PaymentLinkPayment,
} from '@mbo/contracts/payment-links';
import { get, post } from '@/lib/http/request';
import { paymentLinkKeys } from './payment-link-keys';

/** One link with its totals. "Order not found." is shown by the page, not as a toast. */
export function getPaymentLinkDetail(linkId: string, signal?: AbortSignal): Promise<PaymentLinkDetail> {
  return get<PaymentLinkDetail>(PAYMENT_LINK_PATHS.detail, { linkId }, { signal, showErrorMessage: false });
}

/** A page of the payments made through a link, newest first. */
export function listPaymentLinkPayments(
  params: ListPaymentLinkPaymentsRequest,
  signal?: AbortSignal,
): Promise<Page<PaymentLinkPayment>> {
  return post<Page<PaymentLinkPayment>>(PAYMENT_LINK_PATHS.payments, params, { signal });
}

export function paymentLinkDetailQueryOptions(linkId: string) {
  return {
    queryKey: paymentLinkKeys.detail(linkId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPaymentLinkDetail(linkId, signal),
    retry: false,
  };
}

export function paymentLinkPaymentsQueryOptions(params: ListPaymentLinkPaymentsRequest) {
  return {
    queryKey: paymentLinkKeys.payments(params),
    queryFn: ({ signal }: { signal: AbortSignal }) => listPaymentLinkPayments(params, signal),
  };
}
