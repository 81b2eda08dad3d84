import type { Page } from '@mbo/contracts/envelope';
import { USERCENTER_PATHS, type LoginHistoryListRequest, type LoginHistoryRecord } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';
import { loginHistoryKeys } from './login-history-keys';

/** One page of the user's own logins, newest first, optionally only successes or failures. */
export function listLoginHistory(params: LoginHistoryListRequest): Promise<Page<LoginHistoryRecord>> {
  return post<Page<LoginHistoryRecord>>(USERCENTER_PATHS.loginHistoryList, params);
}

export function loginHistoryQueryOptions(params: LoginHistoryListRequest) {
  return {
    queryKey: loginHistoryKeys.list(params),
    queryFn: () => listLoginHistory(params),
  };
}
