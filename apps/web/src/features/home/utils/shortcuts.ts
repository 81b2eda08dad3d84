/**
 * The fixed list of shortcut targets on the home page. Each shows only when the user may open its
 * page (its URL is in authUrls) and, for pages that exist to do one thing, holds that permission.
 */
export type ShortcutIcon =
  | 'payments'
  | 'refunds'
  | 'payment-links'
  | 'disputes'
  | 'settlements'
  | 'balance'
  | 'withdraw'
  | 'payout'
  | 'team'
  | 'integration';

/** A shortcut; its words are home:shortcuts.<key>.label and .description. */
export interface Shortcut {
  key: ShortcutIcon;
  url: string;
  /** A permission code the user also needs for this shortcut to make sense. */
  permission?: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { key: 'payments', url: '/transactions/payments' },
  { key: 'refunds', url: '/transactions/refunds' },
  {
    key: 'payment-links',
    url: '/transactions/payment_link',
  },
  { key: 'disputes', url: '/transactions/disputes' },
  {
    key: 'settlements',
    url: '/settlements/history',
  },
  { key: 'balance', url: '/account/balance' },
  {
    key: 'withdraw',
    url: '/account/withdraw',
    permission: 'API_WITHDRAW_CREATE',
  },
  {
    key: 'payout',
    url: '/payout/create',
    permission: 'API_PAYOUT_CREATE',
  },
  { key: 'team', url: '/settings/team' },
  { key: 'integration', url: '/settings/integration' },
];

/** '/a/b/' and 'a/b' compare equal to '/a/b'. */
export function normalizeUrl(url: string): string {
  const path = url.trim().split(/[?#]/)[0];
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/** True when the user may open `url` (it is one of their authUrls). */
export function canOpen(url: string, authUrls: readonly string[]): boolean {
  const target = normalizeUrl(url);
  return authUrls.some((allowed) => normalizeUrl(allowed) === target);
}

/** The shortcuts this user gets, in the fixed order. */
export function availableShortcuts(authUrls: readonly string[], hasPermission: (code: string) => boolean): Shortcut[] {
  return SHORTCUTS.filter((s) => canOpen(s.url, authUrls) && (!s.permission || hasPermission(s.permission)));
}
