import { PAYMENT_PATHS, type ListPaymentsRequest, type PaymentPage } from '@mbo/contracts/payments';
import { post } from '@/lib/http/request';

/** Query keys of everything payments (lists, counts, details). */
export const paymentKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (params: ListPaymentsRequest) => [...paymentKeys.lists(), params] as const,
  counts: () => [...paymentKeys.all, 'status-count'] as const,
  count: (params: object) => [...paymentKeys.counts(), params] as const,
  details: () => [...paymentKeys.all, 'detail'] as const,
  detail: (paymentId: string) => [...paymentKeys.details(), paymentId] as const,
};

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
