import { ACCOUNT_PATHS, type CurrencyBalance } from '@mbo/contracts/account';
import { get } from '@/lib/http/request';
import { balanceKeys } from './balance-keys';

/**
 * Available, pending and reserved balance per currency of the active merchant. Quiet: the cards show their own error.
 */
export function listBalances(signal?: AbortSignal): Promise<CurrencyBalance[]> {
  return get<CurrencyBalance[]>(ACCOUNT_PATHS.balances, undefined, { showErrorMessage: false, signal });
}

export function balancesQueryOptions() {
  return {
    queryKey: balanceKeys.balances(),
    queryFn: ({ signal }: { signal: AbortSignal }) => listBalances(signal),
    staleTime: 30_000,
  };
}
