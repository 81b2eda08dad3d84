/**
 * The signed-in area's gate. A visitor without a session is sent to the login page before any code
 * of the signed-in area loads (the layout, menus, global state and pages): the login page's
 * JavaScript stays what the auth pages need (QUALITY.md web budget).
 *
 * Route `lazy` functions all start as soon as a route matches, whatever a parent's loader decides,
 * so the signed-in routes have no `lazy`: their loaders wait for the session, then import their
 * module (see signed-in-route.tsx).
 */
import { redirect } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { currentAppPath, loginPath } from '@/lib/login-redirect';
import type { CurrentUser } from '@mbo/contracts/usercenter';
import { globalStateKeys } from '@/lib/query-keys';
import { clearSessionHint, hasSessionHint } from './session-hint';
import { probeSession } from './session-probe';

let probing: Promise<boolean> | undefined;

/**
 * True when the visitor has a session: the current user is in the query cache (the global state's
 * query), or the server gives it, which then fills that cache. One probe serves all the loaders of
 * a navigation. When the probe cannot tell (network, server error), the answer is true: the layout
 * then asks through the HTTP client, which shows the error or goes to the login page.
 */
export function hasSession(queryClient: QueryClient): Promise<boolean> {
  if (queryClient.getQueryData(globalStateKeys.currentUser())) return Promise.resolve(true);
  probing ??= probeSession()
    .then((user) => {
      if (user) queryClient.setQueryData(globalStateKeys.currentUser(), user);
      else if (hasSessionHint()) clearSessionHint();
      return user !== null;
    })
    .finally(() => {
      probing = undefined;
    });
  return probing;
}

/** The in-app path (without /app) of a loader's request. */
export function requestAppPath(request: Request): string {
  const url = new URL(request.url);
  return currentAppPath({ pathname: url.pathname, search: url.search });
}

/**
 * Throws the redirect to the login page (back to this path after login) when there is no session;
 * otherwise starts the global state's calls, beside the chunks of the layout and the page.
 */
export async function requireSession(queryClient: QueryClient, request: Request): Promise<void> {
  // The global state's calls are code of the signed-in area: with a likely session they load beside
  // the session check, else once it holds (never with the login page).
  const loadQueries = () => import('../global-state/global-state-queries');
  const queries = hasSessionHint() ? loadQueries() : undefined;
  queries?.catch(() => undefined);
  if (!(await hasSession(queryClient))) {
    const path = requestAppPath(request);
    throw redirect(loginPath(path === '/' ? undefined : path));
  }
  const user = queryClient.getQueryData<CurrentUser>(globalStateKeys.currentUser());
  // A user who must reset the password may call nothing else (the layout sends them to the reset
  // page), nor may one who must set up two-factor sign-in (the area shows the set-up panel).
  if (!user || user.forceResetPassword || user.twoFactorSetupRequired) return;
  void (queries ?? loadQueries()).then((q) => {
    void queryClient.prefetchQuery(q.menusQuery());
    void queryClient.prefetchQuery(q.permissionsQuery());
    void queryClient.prefetchQuery(q.subMerchantsQuery());
    void queryClient.prefetchQuery(q.agreementConfigsQuery());
    void queryClient.prefetchQuery(q.payMethodConfigsQuery());
  });
}
