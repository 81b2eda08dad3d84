import type { QueryKey } from '@tanstack/react-query';
import type { ListDisputesRequest } from '@mbo/contracts/disputes';
import { sharedKeys } from '@/lib/query-keys';

/** Query keys of the disputes (list pages and details). */
export const disputeKeys = {
  all: ['disputes'] as const,
  lists: () => [...disputeKeys.all, 'list'] as const,
  list: (req: ListDisputesRequest) => [...disputeKeys.lists(), req] as const,
  details: () => [...disputeKeys.all, 'detail'] as const,
  detail: (disputeId: string) => [...disputeKeys.details(), disputeId] as const,
};

/**
 * What a change of a dispute changes: the dispute (list and detail) and the audit log, whatever it is;
 * a submission or an acceptance also moves its payment's dispute status; an acceptance debits the held
 * amount and the fee (balances, their transactions, what can be withdrawn).
 */
export const keysChangedByDispute = (change: 'evidence' | 'submit' | 'accept'): QueryKey[] => [
  disputeKeys.all,
  sharedKeys.auditLog,
  ...(change === 'evidence' ? [] : [sharedKeys.payments]),
  ...(change === 'accept' ? [sharedKeys.balances, sharedKeys.balanceTransactions, sharedKeys.withdrawConfig] : []),
];
