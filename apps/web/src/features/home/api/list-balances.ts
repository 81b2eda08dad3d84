import { ACCOUNT_PATHS, type CurrencyBalance } from '@mbo/contracts/account';
import { get } from '@/lib/http/request';
import { homeKeys } from './home-keys';

/** Available, pending and reserved balance per currency, from the ledger. Quiet: the card shows its own error. */
export function listBalances(signal?: AbortSignal): Promise<CurrencyBalance[]> {
  return get<CurrencyBalance[]>(ACCOUNT_PATHS.balances, undefined, { showErrorMessage: false, signal });
}

export function balancesQueryOptions() {
  return {
    queryKey: homeKeys.balances(),
    queryFn: ({ signal }: { signal: AbortSignal }) => listBalances(signal),
    staleTime: 60_000,
  };
}
