import { USERCENTER_PATHS, type ChangePasswordRequest } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** Changes the logged-in user's password (current password required; policy checked by the server). */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await post<unknown>(USERCENTER_PATHS.changePassword, body);
}
