import { USERCENTER_PATHS, type TwoFactorCodeRequest } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/**
 * Turns two-factor sign-in off with a current code or a recovery code. Quiet: a wrong code, or the
 * refusal while the merchant requires two-factor sign-in (002001B042), is shown in the modal.
 */
export async function disableTwoFactor(body: TwoFactorCodeRequest): Promise<void> {
  await post<unknown>(USERCENTER_PATHS.twoFactorDisable, body, { showErrorMessage: false });
}
