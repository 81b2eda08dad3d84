import {
  BALANCE_TRANSACTION_PATHS,
  type BalanceTransactionPage,
  type ListBalanceTransactionsRequest,
} from '@mbo/contracts/balance-transactions';
import { post } from '@/lib/http/request';
import { balanceKeys } from './balance-keys';

/** One page of the active merchant's balance transactions. `quiet`: no error toast (a prefetch). */
export function listBalanceTransactions(
  request: ListBalanceTransactionsRequest,
  signal?: AbortSignal,
  quiet = false,
): Promise<BalanceTransactionPage> {
  return post<BalanceTransactionPage>(BALANCE_TRANSACTION_PATHS.list, request, { signal, showErrorMessage: !quiet });
}

export function listBalanceTransactionsQueryOptions(request: ListBalanceTransactionsRequest, { quiet = false } = {}) {
  return {
    queryKey: balanceKeys.transactionList(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => listBalanceTransactions(request, signal, quiet),
    staleTime: 10_000,
  };
}
