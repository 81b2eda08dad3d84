import { BALANCE_TRANSACTION_PATHS, type SubMerchantBalances } from '@mbo/contracts/balance-transactions';
import { get } from '@/lib/http/request';
import { balanceKeys } from './balance-keys';

/**
 * The balances of the active merchant's sub-merchants (empty for a merchant without any). Quiet: the card shows its own
 * error.
 */
export function listSubMerchantBalances(signal?: AbortSignal): Promise<SubMerchantBalances[]> {
  return get<SubMerchantBalances[]>(BALANCE_TRANSACTION_PATHS.subMerchantBalances, undefined, {
    showErrorMessage: false,
    signal,
  });
}

export function subMerchantBalancesQueryOptions() {
  return {
    queryKey: balanceKeys.subMerchantBalances(),
    queryFn: ({ signal }: { signal: AbortSignal }) => listSubMerchantBalances(signal),
    staleTime: 30_000,
  };
}
