import { ACCOUNT_PATHS, type CurrencyBalance } from '@mbo/contracts/account';
import { get } from '@/lib/http/request';

/**
 * Query keys of the balances. `all` is the home page's key for the same call (one cache entry, so
 * the balances the home card loaded show at once here, and the other way round).
 */
export const balanceKeys = {
  all: ['account', 'balances'] as const,
};

/** Available, pending and reserved balance per currency of the active merchant. Quiet: the cards show their own error. */
export function listBalances(signal?: AbortSignal): Promise<CurrencyBalance[]> {
  return get<CurrencyBalance[]>(ACCOUNT_PATHS.balances, undefined, { showErrorMessage: false, signal });
}

export function balancesQueryOptions() {
  return { queryKey: balanceKeys.all, queryFn: ({ signal }: { signal: AbortSignal }) => listBalances(signal), staleTime: 30_000 };
}
