import type { QueryKey } from '@tanstack/react-query';
import type { ListWithdrawalsRequest } from '@mbo/contracts/withdrawals';
import { approvalKeys } from '@/components/approvals/approvals-api';
import { sharedKeys } from '@/lib/query-keys';

/** Query keys of the withdrawals: what may be withdrawn now (config), the history and one withdrawal. */
export const withdrawalKeys = {
  all: sharedKeys.withdrawals,
  config: () => sharedKeys.withdrawConfig,
  lists: () => [...withdrawalKeys.all, 'list'] as const,
  list: (request: ListWithdrawalsRequest) => [...withdrawalKeys.lists(), request] as const,
  details: () => [...withdrawalKeys.all, 'detail'] as const,
  detail: (withdrawalId: string) => [...withdrawalKeys.details(), withdrawalId] as const,
};

/**
 * What submitting, refusing or cancelling a withdrawal changes: the withdrawals (history, details, the
 * available balances of the config), the ledger's balances and transactions, and the approvals waiting
 * for a checker (above the threshold a withdrawal waits for one); and the audit log.
 */
export const keysChangedByWithdrawal = (): QueryKey[] => [
  withdrawalKeys.all,
  sharedKeys.balances,
  sharedKeys.balanceTransactions,
  approvalKeys.pending(),
  sharedKeys.auditLog,
];
