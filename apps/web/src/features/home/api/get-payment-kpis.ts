import { PAYMENT_PATHS, type PaymentKpis } from '@mbo/contracts/payments';
import { get } from '@/lib/http/request';
import { homeKeys } from './home-keys';

/**
 * KPIs (today / 7 / 30 days) and the 30-day daily volume in one currency; without a currency the
 * server picks the merchant's most used one. Quiet: the cards show their own error state.
 */
export function getPaymentKpis(currency: string | undefined, signal?: AbortSignal): Promise<PaymentKpis> {
  return get<PaymentKpis>(PAYMENT_PATHS.kpis, currency ? { currency } : undefined, { showErrorMessage: false, signal });
}

export function paymentKpisQueryOptions(currency: string | undefined) {
  return {
    queryKey: homeKeys.paymentKpi(currency),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPaymentKpis(currency, signal),
    staleTime: 60_000,
  };
}
