import {
  BALANCE_TRANSACTION_PATHS, type BalanceTransactionPage, type ListBalanceTransactionsRequest,
} from '@mbo/contracts/balance-transactions';
import { post } from '@/lib/http/request';

/** Query keys of the balance transactions. */
export const balanceTransactionKeys = {
  all: ['balance-transactions'] as const,
  lists: () => [...balanceTransactionKeys.all, 'list'] as const,
  list: (request: ListBalanceTransactionsRequest) => [...balanceTransactionKeys.lists(), request] as const,
};

/** One page of the active merchant's balance transactions. `quiet`: no error toast (a prefetch). */
export function listBalanceTransactions(request: ListBalanceTransactionsRequest, signal?: AbortSignal, quiet = false): Promise<BalanceTransactionPage> {
  return post<BalanceTransactionPage>(BALANCE_TRANSACTION_PATHS.list, request, { signal, showErrorMessage: !quiet });
}

export function listBalanceTransactionsQueryOptions(request: ListBalanceTransactionsRequest, { quiet = false } = {}) {
  return {
    queryKey: balanceTransactionKeys.list(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => listBalanceTransactions(request, signal, quiet),
    staleTime: 10_000,
  };
}
