import { USERCENTER_PATHS, type LoginRequest, type LoginResponse } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** Logs in with email and password. Errors (wrong password, locked, …) are toasted by the client. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return post<LoginResponse>(USERCENTER_PATHS.login, body);
}
