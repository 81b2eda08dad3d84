import { USERCENTER_PATHS, type TwoFactorSetup } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/**
 * Starts setting up two-factor sign-in: a new secret to scan, which takes effect only once a code
 * from it is confirmed (enableTwoFactor). Quiet: the set-up flow shows the refusal itself.
 */
export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return post<TwoFactorSetup>(USERCENTER_PATHS.twoFactorSetup, undefined, { showErrorMessage: false });
}
