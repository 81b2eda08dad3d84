import { USERCENTER_PATHS, type ForgotPasswordRequest } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** Asks for a reset link. The server answers the same whether or not the email exists. */
export async function forgotPassword(body: ForgotPasswordRequest): Promise<void> {
  await post<unknown>(USERCENTER_PATHS.forgotPassword, body);
}
