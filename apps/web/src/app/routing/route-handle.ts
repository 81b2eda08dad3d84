/** What every route of the table carries in `handle` (read with useMatches). */
export interface RouteHandle {
  /** The route name: page title and heading. */
  title: string;
  /** The container's name (e.g. "Transactions") for pages inside one. */
  section?: string;
  /** Absolute path of the route pattern ('/transactions/payments'). */
  fullPath?: string;
  /** The route is checked against authUrls. */
  guarded?: boolean;
  /** Menu entry to highlight. */
  activeMenu?: string;
}
