import type { ListPayoutBatchesRequest, ListPayoutsRequest } from '@mbo/contracts/payouts';
import { sharedKeys } from '@/lib/query-keys';

/** Query keys of the payouts: the history of payouts and of batches, one of each, and the payout services to pay with. */
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
