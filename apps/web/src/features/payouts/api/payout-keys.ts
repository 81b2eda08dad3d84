import type { QueryKey } from '@tanstack/react-query';
import type { ListPayoutBatchesRequest, ListPayoutsRequest } from '@mbo/contracts/payouts';
import { approvalKeys } from '@/components/approvals/approvals-api';
import { sharedKeys } from '@/lib/query-keys';

/**
 * Query keys of the payouts: the history of payouts and of batches, one of each, and the payout services to pay with.
 */
export const payoutKeys = {
  all: sharedKeys.payouts,
  lists: () => [...payoutKeys.all, 'list'] as const,
  list: (r: ListPayoutsRequest) => [...payoutKeys.lists(), r] as const,
  batchLists: () => [...payoutKeys.all, 'batches'] as const,
  batches: (r: ListPayoutBatchesRequest) => [...payoutKeys.batchLists(), r] as const,
  details: () => [...payoutKeys.all, 'detail'] as const,
  detail: (id: string) => [...payoutKeys.details(), id] as const,
  batchDetails: () => [...payoutKeys.all, 'batch'] as const,
  batch: (id: string) => [...payoutKeys.batchDetails(), id] as const,
  services: () => [...payoutKeys.all, 'services'] as const,
};

/**
 * What submitting a payout or a batch of them changes: the payout and batch histories, the money it
 * holds (balances, their transactions, what can still be withdrawn) and, above the approval threshold,
 * the approvals waiting for a checker; and the audit log. The payout services it was checked against stay as they are.
 */
export const keysChangedByPayout = (): QueryKey[] => [
  payoutKeys.lists(),
  payoutKeys.batchLists(),
  sharedKeys.balances,
  sharedKeys.balanceTransactions,
  sharedKeys.withdrawConfig,
  approvalKeys.pending(),
  sharedKeys.auditLog,
];
