/**
 * Starts a page's prefetch (lib/page-prefetch.ts) once the menus show the page is open to the user:
 * a page the user may not open makes no call (the route shows the 403 page instead).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { flattenAuthUrls } from '../global-state/derive';
import { currentUserQuery, menusQuery } from '../global-state/global-state-queries';
import { isPathAllowed } from './route-access';

export async function prefetchPage(
  queryClient: QueryClient,
  prefetch: PagePrefetch,
  request: Request,
  fullPath: string,
): Promise<void> {
  const user = queryClient.getQueryData(currentUserQuery().queryKey);
  if (!user || user.forceResetPassword || user.twoFactorSetupRequired) return;
  const menus = await queryClient.ensureQueryData(menusQuery()).catch(() => null);
  if (!menus || !isPathAllowed(fullPath, flattenAuthUrls(menus))) return;
  prefetch({ queryClient, search: new URL(request.url).searchParams, timeZone: user.timeZone });
}
