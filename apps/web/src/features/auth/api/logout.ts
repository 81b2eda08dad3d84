import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** Ends the session. Quiet: the caller leaves for the login page whatever the answer. */
export async function logout(): Promise<void> {
  await post<unknown>(USERCENTER_PATHS.logout, undefined, { showErrorMessage: false });
}
