import { USERCENTER_PATHS, type LoginResponse, type LoginTwoFactorRequest } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** What the second step answers: the session is set; a forced reset may still come first. */
export type LoginTwoFactorResponse = Pick<LoginResponse, 'forceResetPassword'>;

/**
 * The second step of a login with two-factor sign-in: the first step's challenge and a code from the
 * authenticator app (or a recovery code). Quiet: the step shows a wrong code (002001B039) or a lock
 * (002001B030) beside the field, and an expired challenge (002001B041) sends the user back to the
 * password step.
 */
export function loginTwoFactor(body: LoginTwoFactorRequest): Promise<LoginTwoFactorResponse> {
  return post<LoginTwoFactorResponse>(USERCENTER_PATHS.loginTwoFactor, body, { showErrorMessage: false });
}
