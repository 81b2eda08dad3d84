import { USERCENTER_PATHS, type ResetPasswordRequest } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** Sets a new password from a reset link (single use). */
export async function resetPassword(body: ResetPasswordRequest): Promise<void> {
  await post<unknown>(USERCENTER_PATHS.resetPassword, body);
}
