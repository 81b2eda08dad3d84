import { Outlet, useMatches } from 'react-router';
import { useGlobalState } from '@/lib/global-state';
import ForbiddenPage from '../pages/forbidden-page';
import { isPathAllowed } from './route-access';
import type { RouteHandle } from './route-handle';

/** The page of the current route, or the 403 page when the route's path is not in authUrls. */
export default function GuardedOutlet() {
  const { authUrls } = useGlobalState();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  if (handle?.guarded && handle.fullPath && !isPathAllowed(handle.fullPath, authUrls)) return <ForbiddenPage />;
  return <Outlet />;
}
