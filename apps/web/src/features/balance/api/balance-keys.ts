import type { ListBalanceTransactionsRequest } from '@mbo/contracts/balance-transactions';
import { sharedKeys } from '@/lib/query-keys';

/**
 * Query keys of the balance page. The balances are the home card's cache entry too (one entry, so
 * the balances one page loaded show at once on the other); all of them sit under shared roots, which
 * the mutations that move money invalidate.
 */
export const balanceKeys = {
  balances: () => sharedKeys.balances,
  subMerchantBalances: () => sharedKeys.subMerchantBalances,
  transactions: () => sharedKeys.balanceTransactions,
  transactionLists: () => [...balanceKeys.transactions(), 'list'] as const,
  transactionList: (request: ListBalanceTransactionsRequest) => [...balanceKeys.transactionLists(), request] as const,
};
