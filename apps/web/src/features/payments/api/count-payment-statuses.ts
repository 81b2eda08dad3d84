import { PAYMENT_PATHS, type PaymentFilters, type PaymentStatusCounts } from '@mbo/contracts/payments';
import { post } from '@/lib/http/request';
import { paymentKeys } from './payment-keys';

/** Counts per status for the tiles (the list's filters except status). Quiet: the tiles show dashes on failure. */
export function countPaymentStatuses(filters: PaymentFilters, signal?: AbortSignal): Promise<PaymentStatusCounts> {
  return post<PaymentStatusCounts>(PAYMENT_PATHS.statusCount, filters, { signal, showErrorMessage: false });
}

export function paymentStatusCountQueryOptions(filters: PaymentFilters) {
  return {
    queryKey: paymentKeys.count(filters),
    queryFn: ({ signal }: { signal: AbortSignal }) => countPaymentStatuses(filters, signal),
  };
}
