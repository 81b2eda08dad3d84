import type { ListDisputesRequest } from '@mbo/contracts/disputes';

/** Query keys of the disputes (list pages and details). */
export const disputeKeys = {
  all: ['disputes'] as const,
  lists: () => [...disputeKeys.all, 'list'] as const,
  list: (req: ListDisputesRequest) => [...disputeKeys.lists(), req] as const,
  details: () => [...disputeKeys.all, 'detail'] as const,
  detail: (disputeId: string) => [...disputeKeys.details(), disputeId] as const,
};
