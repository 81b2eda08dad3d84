/**
 * Turns the route table into react-router routes, every page loaded on demand, with its handle. The
 * auth pages are route-lazy; the signed-in area (layout and pages) loads only once the session is
 * known (signed-in-route.tsx), so a visitor without one gets the login page and nothing more.
 */
import { Navigate, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { withChunkTimeout } from '@/lib/chunk-errors';
import BlankPlaceholder from '../pages/blank-placeholder';
import RouteErrorPage from '../pages/route-error-page';
import type { RouteHandle } from './route-handle';
import RootShell from './root-shell';
import { signedInRoute } from './signed-in-route';
import {
  AUTH_ROUTES,
  CONTAINERS,
  HOME_ROUTE,
  NOT_FOUND_TITLE,
  childPath,
  type ContainerDef,
  type PageDef,
  type PageModule,
} from './route-table';

const comingSoon = () => import('../pages/coming-soon-page');

/** A `lazy` for a route whose page is the default export of `load` (120 s time-out). */
export function lazyComponent(load: () => Promise<PageModule>) {
  return async () => ({ Component: (await withChunkTimeout(load)).default });
}

function authRoute(page: PageDef): RouteObject {
  const handle: RouteHandle = { title: `/auth/${page.path}`, fullPath: `/auth/${page.path}` };
  const load = page.load ?? comingSoon;
  if (!page.signedIn) return { path: page.path, handle, lazy: lazyComponent(load) };
  return {
    path: page.path,
    handle,
    lazy: async () => {
      const [{ default: Page }, { default: SignedInApp }] = await Promise.all([
        withChunkTimeout(load),
        withChunkTimeout(() => import('../layout/signed-in-app')),
      ]);
      return {
        Component: () => (
          <SignedInApp>
            <Page />
          </SignedInApp>
        ),
      };
    },
  };
}

export function buildRoutes(queryClient: QueryClient): RouteObject[] {
  const pageRoute = (page: PageDef, handle: RouteHandle): RouteObject => ({
    path: page.path,
    handle,
    ...signedInRoute(queryClient, page.load ?? comingSoon, { fullPath: handle.fullPath }),
  });

  const containerRoute = (container: ContainerDef): RouteObject => ({
    path: container.path.slice(1),
    handle: { title: container.path } satisfies RouteHandle,
    children: [
      { index: true, ...signedInRoute(queryClient, () => import('./container-redirect'), { props: { container } }) },
      ...container.children.map((page) =>
        pageRoute(page, {
          title: childPath(container, page),
          section: container.path,
          fullPath: childPath(container, page),
          guarded: true,
          activeMenu: page.activeMenu,
        }),
      ),
    ],
  });

  return [
    {
      id: 'root',
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <BlankPlaceholder />,
      children: [
        {
          path: 'auth',
          lazy: lazyComponent(() => import('../layout/auth-layout')),
          children: [{ index: true, element: <Navigate to="login" replace /> }, ...AUTH_ROUTES.map(authRoute)],
        },
        {
          id: 'signed-in',
          ...signedInRoute(queryClient, () => import('../layout/app-layout'), { gate: true }),
          children: [
            {
              errorElement: <RouteErrorPage />,
              children: [
                { index: true, element: <Navigate to="/home" replace /> },
                pageRoute(HOME_ROUTE, {
                  title: `/${HOME_ROUTE.path}`,
                  fullPath: `/${HOME_ROUTE.path}`,
                  guarded: true,
                }),
                ...CONTAINERS.map(containerRoute),
                {
                  path: '*',
                  handle: { title: NOT_FOUND_TITLE } satisfies RouteHandle,
                  ...signedInRoute(queryClient, () => import('../pages/not-found-page')),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
