import { USERCENTER_PATHS, type RegisterPasswordRequest } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** Activates an invited user: sets their name and first password (single-use invitation link). */
export async function registerPassword(body: RegisterPasswordRequest): Promise<void> {
  await post<unknown>(USERCENTER_PATHS.registerPassword, body);
}
