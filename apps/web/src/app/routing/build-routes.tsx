/** Turns the route table into react-router routes: every page lazy, with its handle. */
import { Navigate, type RouteObject } from 'react-router';
import { withChunkTimeout } from '@/lib/chunk-errors';
import BlankPlaceholder from '../pages/blank-placeholder';
import RouteErrorPage from '../pages/route-error-page';
import type { RouteHandle } from './route-handle';
import RootShell from './root-shell';
import {
  AUTH_ROUTES,
  CONTAINERS,
  HOME_ROUTE,
  NOT_FOUND_NAME,
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

function pageRoute(page: PageDef, handle: RouteHandle): RouteObject {
  return { path: page.path, handle, lazy: lazyComponent(page.load ?? comingSoon) };
}

function containerRoute(container: ContainerDef): RouteObject {
  return {
    path: container.path.slice(1),
    handle: { title: container.name } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => {
          const { default: ContainerRedirect } = await withChunkTimeout(() => import('./container-redirect'));
          return { element: <ContainerRedirect container={container} /> };
        },
      },
      ...container.children.map((page) =>
        pageRoute(page, {
          title: page.name,
          section: container.name,
          fullPath: childPath(container, page),
          guarded: true,
          activeMenu: page.activeMenu,
        }),
      ),
    ],
  };
}

export function buildRoutes(): RouteObject[] {
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
          children: [
            { index: true, element: <Navigate to="login" replace /> },
            ...AUTH_ROUTES.map((page) => pageRoute(page, { title: page.name, fullPath: `/auth/${page.path}` })),
          ],
        },
        {
          lazy: lazyComponent(() => import('../layout/app-layout')),
          children: [
            {
              errorElement: <RouteErrorPage />,
              children: [
                { index: true, element: <Navigate to="/home" replace /> },
                pageRoute(HOME_ROUTE, {
                  title: HOME_ROUTE.name,
                  fullPath: `/${HOME_ROUTE.path}`,
                  guarded: true,
                }),
                ...CONTAINERS.map(containerRoute),
                {
                  path: '*',
                  handle: { title: NOT_FOUND_NAME } satisfies RouteHandle,
                  lazy: lazyComponent(() => import('../pages/not-found-page')),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
