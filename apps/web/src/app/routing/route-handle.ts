import type { TFunction } from 'i18next';

/** What every route of the table carries in `handle` (read with useMatches). */
export interface RouteHandle {
  /** The route name's key: its absolute path ('/transactions/payments'), in common:routes. */
  title: string;
  /** The container's key (e.g. '/transactions') for pages inside one. */
  section?: string;
  /** Absolute path of the route pattern ('/transactions/payments'). */
  fullPath?: string;
  /** The route is checked against authUrls. */
  guarded?: boolean;
  /** Menu entry to highlight. */
  activeMenu?: string;
}

/**
 * The name of a route (page title and heading) in the language in force: "Payments", "支付". The auth
 * pages' names are in `common` (the login page loads no more), the others in `shell`.
 */
export function routeTitle(t: TFunction, key: string): string {
  return t(`routes.${key}`, { ns: key.startsWith('/auth/') ? 'common' : 'shell' });
}
