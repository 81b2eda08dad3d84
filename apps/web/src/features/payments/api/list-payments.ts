import { PAYMENT_PATHS, type ListPaymentsRequest, type PaymentPage } from '@mbo/contracts/payments';
import { post } from '@/lib/http/request';
import { paymentKeys } from './payment-keys';

/** One page of the merchant's payments matching the filters. `quiet`: no error toast (a prefetch). */
export function listPayments(params: ListPaymentsRequest, signal?: AbortSignal, quiet = false): Promise<PaymentPage> {
  return post<PaymentPage>(PAYMENT_PATHS.list, params, { signal, showErrorMessage: !quiet });
}

export function listPaymentsQueryOptions(params: ListPaymentsRequest, { quiet = false } = {}) {
  return {
    queryKey: paymentKeys.list(params),
    queryFn: ({ signal }: { signal: AbortSignal }) => listPayments(params, signal, quiet),
  };
}
