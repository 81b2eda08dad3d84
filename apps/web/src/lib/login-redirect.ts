/**
 * The `redirect` query parameter of the login page: the in-app path (without the /app base, e.g.
 * `/transactions/payments?status=SUCCESS`) to open after login.
 */
import { PRODUCT } from '@mbo/contracts/product';

export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/home';

const BASE = PRODUCT.basePath.replace(/\/$/, ''); // '/app'

/** The login route (in-app path), with `?redirect=` when a path to come back to is given. */
export function loginPath(redirect?: string): string {
  return redirect ? `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}` : LOGIN_PATH;
}

/** The in-app path of the page the browser shows now (pathname without the base, plus the query). */
export function currentAppPath(loc: Pick<Location, 'pathname' | 'search'> = window.location): string {
  let path = loc.pathname;
  if (path === BASE || path.startsWith(`${BASE}/`)) path = path.slice(BASE.length) || '/';
  return path + loc.search;
}

/** True for the auth pages (/auth/...), where a login redirect must not point back. */
export function isAuthPath(path: string): boolean {
  return path === '/auth' || path.startsWith('/auth/') || path.startsWith('/auth?');
}

/**
 * The safe target of a `redirect` parameter: an in-app absolute path (no scheme, no host, not an
 * auth page); anything else gives `fallback`.
 */
export function safeRedirect(value: string | null | undefined, fallback: string = HOME_PATH): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (/^\/[^?#]*:/.test(value) || isAuthPath(value)) return fallback;
  return value;
}
