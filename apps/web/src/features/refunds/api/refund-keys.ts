import type { ListRefundsRequest } from '@mbo/contracts/refunds';
import { sharedKeys } from '@/lib/query-keys';

/** Query keys of the refunds (list pages and details). */
export const refundKeys = {
  all: sharedKeys.refunds,
  lists: () => [...refundKeys.all, 'list'] as const,
  list: (request: ListRefundsRequest) => [...refundKeys.lists(), request] as const,
  details: () => [...refundKeys.all, 'detail'] as const,
  detail: (refundId: string) => [...refundKeys.details(), refundId] as const,
};
