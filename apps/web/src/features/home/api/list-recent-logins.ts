import type { Page } from '@mbo/contracts/envelope';
import { USERCENTER_PATHS, type LoginHistoryRecord } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';
import { homeKeys } from './home-keys';

/** How many of the latest logins the security card looks at. */
export const RECENT_LOGINS_PAGE_SIZE = 10;

/** The first page of the user's own login history (newest first). Quiet: the card says when it fails. */
export function listRecentLogins(): Promise<Page<LoginHistoryRecord>> {
  return post<Page<LoginHistoryRecord>>(
    USERCENTER_PATHS.loginHistoryList,
    {
      pageNum: 1,
      pageSize: RECENT_LOGINS_PAGE_SIZE,
    },
    { showErrorMessage: false },
  ); // the card shows its own error state
}

export function recentLoginsQueryOptions() {
  return { queryKey: homeKeys.recentLogins(RECENT_LOGINS_PAGE_SIZE), queryFn: listRecentLogins, staleTime: 60_000 };
}
