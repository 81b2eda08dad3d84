/**
 * A page module may export `prefetch`: its first calls, started by its route as soon as the page's
 * code is loaded and the menus show the page is open to the user, beside the layout's global state,
 * so the page's first render has its data (QUALITY.md: list rows within 1.0 s of navigation).
 * Prefetches are quiet: when one fails, the page's own call shows the error.
 */
import type { QueryClient } from '@tanstack/react-query';

export interface PagePrefetchContext {
  queryClient: QueryClient;
  /** The search of the URL the page opens with. */
  search: URLSearchParams;
  /** The user's time zone (CurrentUser.timeZone). */
  timeZone: string | null | undefined;
}

export type PagePrefetch = (context: PagePrefetchContext) => void;
