/**
 * The session hint cookie (SESSION_HINT_COOKIE: set and cleared by the server with the session
 * cookie, no secret in it). With it, the signed-in routes load their code while the session is
 * checked instead of after; without it (a new visitor) they wait, and the login page loads alone.
 */
import { SESSION_HINT_COOKIE } from '@mbo/contracts/usercenter';

export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** Drops a hint the server's session no longer backs (the session ended or expired). */
export function clearSessionHint(): void {
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
