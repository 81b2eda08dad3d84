import { PAYMENT_PATHS, type PaymentDetail } from '@mbo/contracts/payments';
import { get } from '@/lib/http/request';
import { paymentKeys } from './payment-keys';

/** One payment with its events, refund and dispute. "Order not found." is shown by the page, not as a toast. */
export async function getPaymentDetail(paymentId: string, signal?: AbortSignal): Promise<PaymentDetail> {
  return get<PaymentDetail>(PAYMENT_PATHS.detail, { paymentId }, { signal, showErrorMessage: false });
}

export function paymentDetailQueryOptions(paymentId: string) {
  return {
    queryKey: paymentKeys.detail(paymentId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPaymentDetail(paymentId, signal),
    retry: false,
  };
}
