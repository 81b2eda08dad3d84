import type { LoginHistoryListRequest } from '@mbo/contracts/usercenter';
import { sharedKeys } from '@/lib/query-keys';

/** Query keys of the current user's login history. */
export const loginHistoryKeys = {
  all: sharedKeys.loginHistory,
  lists: () => [...loginHistoryKeys.all, 'list'] as const,
  list: (params: LoginHistoryListRequest) => [...loginHistoryKeys.lists(), params] as const,
};
