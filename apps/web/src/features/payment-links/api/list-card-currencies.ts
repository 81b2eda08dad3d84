import { CURRENCIES, type Currency } from '@mbo/contracts/money';
import { PAYIN_SERVICE_PATHS, type UserFeeConfig } from '@mbo/contracts/payin-services';
import { get } from '@/lib/http/request';
import { paymentLinkKeys } from './payment-link-keys';

/**
 * The currencies a link can be paid in: those of the merchant's ACTIVE card pay-in services (the
 * hosted checkout takes cards), in the money module's order. The server refuses any other.
 */
export function cardCurrenciesOf(config: UserFeeConfig): Currency[] {
  const held = new Set(
    config.fees.filter((f) => f.payMethodType === 'CARD' && f.status === 'ACTIVE').map((f) => f.currency),
  );
  return CURRENCIES.filter((c) => held.has(c));
}

export function cardCurrenciesQueryOptions() {
  return {
    queryKey: paymentLinkKeys.cardCurrencies(),
    // Quiet: on failure the form offers every currency and the server's answer says what is wrong.
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      cardCurrenciesOf(
        await get<UserFeeConfig>(PAYIN_SERVICE_PATHS.userFeeConfig, undefined, { signal, showErrorMessage: false }),
      ),
    staleTime: 5 * 60_000,
  };
}
