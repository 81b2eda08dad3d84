import { USERCENTER_PATHS, type ForceResetPasswordRequest } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** Replaces the password of a user flagged for a forced reset; the session then continues. */
export async function forceResetPassword(body: ForceResetPasswordRequest): Promise<void> {
  await post<unknown>(USERCENTER_PATHS.forceResetPassword, body);
}
