/**
 * What a page hands the login page through the router's location state after a password was set
 * (invitation or reset): the email to prefill and a success message to show.
 */
export interface LoginNotice {
  email?: string;
  message: string;
}

export function loginNoticeState(notice: LoginNotice): { loginNotice: LoginNotice } {
  return { loginNotice: notice };
}

/** Reads the notice from `location.state`, which may hold anything (or nothing). */
export function readLoginNotice(state: unknown): LoginNotice | undefined {
  if (!state || typeof state !== 'object' || !('loginNotice' in state)) return undefined;
  const notice = (state as { loginNotice: unknown }).loginNotice;
  if (!notice || typeof notice !== 'object') return undefined;
  const { email, message } = notice as Record<string, unknown>;
  if (typeof message !== 'string') return undefined;
  return { message, email: typeof email === 'string' ? email : undefined };
}
