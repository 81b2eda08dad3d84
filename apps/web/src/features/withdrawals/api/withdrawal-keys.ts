import type { ListWithdrawalsRequest } from '@mbo/contracts/withdrawals';
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
