import { PAYMENT_PATHS, type PaymentKpis } from '@mbo/contracts/payments';
import { get } from '@/lib/http/request';

/** Query keys of the home page's KPIs. */
export const paymentKpiKeys = {
  all: ['payments', 'kpis'] as const,
  byCurrency: (currency: string | undefined) => [...paymentKpiKeys.all, { currency: currency ?? null }] as const,
};

/**
 * KPIs (today / 7 / 30 days) and the 30-day daily volume in one currency; without a currency the
 * server picks the merchant's most used one. Quiet: the cards show their own error state.
 */
export function getPaymentKpis(currency: string | undefined, signal?: AbortSignal): Promise<PaymentKpis> {
  return get<PaymentKpis>(PAYMENT_PATHS.kpis, currency ? { currency } : undefined, { showErrorMessage: false, signal });
}

export function paymentKpisQueryOptions(currency: string | undefined) {
  return {
    queryKey: paymentKpiKeys.byCurrency(currency),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPaymentKpis(currency, signal),
    staleTime: 60_000,
  };
}
