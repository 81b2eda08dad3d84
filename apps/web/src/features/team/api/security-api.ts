import { TEAM_PATHS, type MerchantSecurity } from '@mbo/contracts/team';
import { get, post } from '@/lib/http/request';
import { teamKeys } from './team-keys';

/** The rule and how many active members use two-factor sign-in. Quiet: the card shows its own error with a retry. */
export function merchantSecurityQueryOptions({ quiet = true } = {}) {
  return {
    queryKey: teamKeys.security(),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<MerchantSecurity>(TEAM_PATHS.security, undefined, { signal, showErrorMessage: !quiet }),
    staleTime: 10_000,
  };
}

/** Requires two-factor sign-in of every member, or makes it optional again (an owner's call). */
export function updateMerchantSecurity(requireTwoFactor: boolean): Promise<MerchantSecurity> {
  return post<MerchantSecurity>(TEAM_PATHS.updateSecurity, { requireTwoFactor }, { showSuccessMessage: true });
}
