import { USERCENTER_PATHS, type TwoFactorCodeRequest, type TwoFactorEnabled } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/**
 * Turns two-factor sign-in on with a code from the app just set up; answers the ten recovery codes,
 * shown once. Quiet: a wrong code (002001B039) or a lock (002001B030) is shown beside the code field.
 */
export function enableTwoFactor(body: TwoFactorCodeRequest): Promise<TwoFactorEnabled> {
  return post<TwoFactorEnabled>(USERCENTER_PATHS.twoFactorEnable, body, { showErrorMessage: false });
}
