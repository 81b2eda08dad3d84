import { USERCENTER_PATHS, type CheckLinkResponse, type LinkType } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';
import { linkKeys } from './auth-keys';

/**
 * Checks a reset or invitation link before its form is shown. Quiet: the page shows the
 * catalogue message (expired, invalid, already active) inline instead of a toast.
 */
export function checkLink(token: string, type: LinkType): Promise<CheckLinkResponse> {
  return post<CheckLinkResponse>(USERCENTER_PATHS.checkLink, { token, type }, { showErrorMessage: false });
}

/** Query options for `useQuery`: checked once, never refetched (a used link would then look invalid). */
export function checkLinkQueryOptions(type: LinkType, token: string) {
  return {
    queryKey: linkKeys.check(type, token),
    queryFn: () => checkLink(token, type),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  } as const;
}
