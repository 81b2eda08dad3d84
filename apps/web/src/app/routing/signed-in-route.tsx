/**
 * Routes of the signed-in area, loaded after the session is known (see session-gate.ts): the
 * route's loader waits for the session, then imports the module (120 s time-out) and hands its
 * component to the route through the loader data. Without a session it imports nothing; the area's
 * gate sends the visitor to the login page. With the session hint cookie it imports the module while
 * the session is checked.
 */
import type { ComponentType } from 'react';
import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { withChunkTimeout } from '@/lib/chunk-errors';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { prefetchPage } from './prefetch-page';
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
      if (options.gate) await requireSession(queryClient, request);
      else if (!(await hasSession(queryClient))) return null;
      const module = await (early ?? withChunkTimeout(load));
      if (module.prefetch && options.fullPath) void prefetchPage(queryClient, module.prefetch, request, options.fullPath);
      return { Component: module.default };
    },
    Component: loadedComponent(options.props ?? ({} as P)),
    // The module is loaded: a new search or a submission on the page does not load it again.
    shouldRevalidate: () => false,
  };
}
