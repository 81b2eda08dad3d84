/**
 * Routes of the signed-in area, loaded after the session is known (see session-gate.ts): the
 * route's loader waits for the session, then imports the module (120 s time-out) and hands its
 * component to the route through the loader data. Without a session it imports nothing; the area's
 * gate sends the visitor to the login page. With the session hint cookie it imports the module while
 * the session is checked.
 *
 * The area's root also stands in for the whole area while the user must set up the two-factor sign-in
 * their merchant requires (currentUser.twoFactorSetupRequired): then it renders the set-up panel
 * alone, and the layout, global state and pages mount only once set-up is done.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@mbo/contracts/usercenter';
import { withChunkTimeout } from '@/lib/chunk-errors';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { globalStateKeys } from '@/lib/query-keys';
import BlankPlaceholder from '../pages/blank-placeholder';
import { hasSessionHint } from './session-hint';
import { hasSession, requireSession } from './session-gate';

type Module<P> = { default: ComponentType<P>; prefetch?: PagePrefetch };
type Loaded<P> = { Component: ComponentType<P> } | null;

/** Renders the component the route's loader imported, with `props`. */
function loadedComponent<P extends object>(props: P): ComponentType {
  return function LoadedRoute() {
    const loaded = useLoaderData() as Loaded<P>;
    if (!loaded) return null;
    const { Component } = loaded;
    return <Component {...props} />;
  };
}

const TwoFactorSetupGate = lazy(() => withChunkTimeout(() => import('./two-factor-setup-gate')));

/**
 * The area's root: the set-up panel in place of everything while the user must set up two-factor
 * sign-in, the loaded layout otherwise. It only watches the current user in the cache (filled by the
 * session check, refreshed by the global state, or by the panel when set-up is done).
 */
function gatedComponent<P extends object>(queryClient: QueryClient, props: P): ComponentType {
  const Loaded = loadedComponent(props);
  return function GatedRoute() {
    // The key alone (skipToken: never fetched here), so the global state's calls stay out of the first load.
    const { data: user } = useQuery<CurrentUser>(
      { queryKey: globalStateKeys.currentUser(), queryFn: skipToken },
      queryClient,
    );
    // A forced password reset comes first (the server asks for it first; the layout sends the user there).
    if (!user?.twoFactorSetupRequired || user.forceResetPassword) return <Loaded />;
    return (
      <Suspense fallback={<BlankPlaceholder />}>
        <TwoFactorSetupGate />
      </Suspense>
    );
  };
}

/**
 * A route (without path, handle or children: add them) whose component is the default export of
 * `load`, imported once the visitor is known to be signed in. `gate: true` for the area's root: it
 * also redirects a visitor without a session to the login page. With the page's `fullPath`, a
 * module's `prefetch` starts the page's calls as soon as the module is loaded.
 */
export function signedInRoute<P extends object = Record<string, never>>(
  queryClient: QueryClient,
  load: () => Promise<Module<P>>,
  options: { gate?: boolean; props?: P; fullPath?: string } = {},
): Pick<RouteObject, 'loader' | 'Component' | 'shouldRevalidate'> {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<Loaded<P>> => {
      // A likely session (session-hint.ts): the code loads while the session is checked.
      const early = hasSessionHint() ? withChunkTimeout(load) : undefined;
      early?.catch(() => undefined); // awaited below only when the session holds
      const loadPrefetcher = () => import('./prefetch-page');
      const prefetcher = early && options.fullPath ? loadPrefetcher() : undefined;
      prefetcher?.catch(() => undefined);
      if (options.gate) await requireSession(queryClient, request);
      else if (!(await hasSession(queryClient))) return null;
      const module = await (early ?? withChunkTimeout(load));
      const { prefetch } = module;
      if (prefetch && options.fullPath) {
        const fullPath = options.fullPath;
        void (prefetcher ?? loadPrefetcher()).then((p) => p.prefetchPage(queryClient, prefetch, request, fullPath));
      }
      return { Component: module.default };
    },
    Component: options.gate
      ? gatedComponent(queryClient, options.props ?? ({} as P))
      : loadedComponent(options.props ?? ({} as P)),
    // The module is loaded: a new search or a submission on the page does not load it again.
    shouldRevalidate: () => false,
  };
}
