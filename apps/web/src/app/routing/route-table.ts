/**
 * THE route table (spec section 2): every route of the app. Paths are relative to the parent; the
 * router adds the /app basename. A route's name (the page title is `${name} - ${PRODUCT.name}`) is
 * `common:routes.<absolute path>` in each language, and what the page is for `shell:descriptions.<path>`
 * (i18n/locales/<lng>/common.json and shell.json; routeTitle in route-handle.ts reads it).
 *
 * A page is plugged in by giving its route a `load` (a dynamic import of a default-exported
 * component). A route without `load` shows the "coming soon" page with its name and description.
 */
import type { ComponentType } from 'react';
import type { PagePrefetch } from '@/lib/page-prefetch';

/** A page: its component, and optionally its first calls to start early (lib/page-prefetch.ts). */
export type PageModule = { default: ComponentType; prefetch?: PagePrefetch };

export interface PageDef {
  /** Path relative to the container ('payments', 'disputes/detail'). */
  path: string;
  load?: () => Promise<PageModule>;
  /** A detail page: opened from a list, never the target of a container's redirect. */
  detail?: boolean;
  /** The menu entry to highlight when the page's own URL is not in the menu. */
  activeMenu?: string;
  /**
   * An auth page for a user who has a session (the forced password reset): it gets the signed-in
   * area's antd App (`App.useApp()`), which the other auth pages do without.
   */
  signedIn?: boolean;
}

export interface ContainerDef {
  /** Absolute path ('/transactions'). */
  path: string;
  children: PageDef[];
}

export const AUTH_ROUTES: PageDef[] = [
  {
    path: 'login',
    load: () => import('@/features/auth/routes/login-page'),
  },
  {
    path: 'forgot_password',
    load: () => import('@/features/auth/routes/forgot-password-page'),
  },
  {
    path: 'register_password',
    load: () => import('@/features/auth/routes/register-password-page'),
  },
  {
    path: 'reset_password',
    load: () => import('@/features/auth/routes/reset-password-page'),
  },
  {
    path: 'force_reset_password',
    load: () => import('@/features/auth/routes/force-reset-password-page'),
    signedIn: true,
  },
];

export const HOME_ROUTE: PageDef = {
  path: 'home',
  load: () => import('@/features/home/routes/home-page'),
};

export const CONTAINERS: ContainerDef[] = [
  {
    path: '/transactions',
    children: [
      {
        path: 'payments',
        load: () => import('@/features/payments/routes/payments-page'),
      },
      {
        path: 'payment_link',
        load: () => import('@/features/payment-links/routes/payment-links-page'),
      },
      {
        path: 'payment_link/detail',
        load: () => import('@/features/payment-links/routes/payment-link-detail-page'),
        detail: true,
        activeMenu: '/transactions/payment_link',
      },
      {
        path: 'payments_detail',
        load: () => import('@/features/payments/routes/payment-detail-page'),
        detail: true,
        activeMenu: '/transactions/payments',
      },
      {
        path: 'refunds',
        load: () => import('@/features/refunds/routes/refunds-page'),
      },
      {
        path: 'reports',
        load: () => import('@/features/reports/routes/reports-page'),
      },
      {
        path: 'refunds_detail',
        load: () => import('@/features/refunds/routes/refund-detail-page'),
        detail: true,
        activeMenu: '/transactions/refunds',
      },
      {
        path: 'disputes',
        load: () => import('@/features/disputes/routes/disputes-page'),
      },
      {
        path: 'disputes/detail',
        load: () => import('@/features/disputes/routes/dispute-detail-page'),
        detail: true,
        activeMenu: '/transactions/disputes',
      },
      {
        path: 'faq',
        load: () => import('@/features/faq/routes/faq-page'),
      },
    ],
  },
  {
    path: '/settlements',
    children: [
      {
        path: 'history',
        load: () => import('@/features/settlements/routes/settlement-history-page'),
      },
      {
        path: 'detail',
        detail: true,
        load: () => import('@/features/settlements/routes/settlement-detail-page'),
        activeMenu: '/settlements/history',
      },
      {
        path: 'batch',
        load: () => import('@/features/settlements/routes/open-batches-page'),
      },
      {
        path: 'estimation',
        load: () => import('@/features/settlements/routes/estimation-page'),
      },
      {
        path: 'calendar',
        load: () => import('@/features/settlements/routes/calendar-page'),
      },
      {
        path: 'batch/detail',
        detail: true,
        load: () => import('@/features/settlements/routes/batch-detail-page'),
        activeMenu: '/settlements/batch',
      },
      {
        path: 'batch/history',
        load: () => import('@/features/settlements/routes/batch-history-page'),
      },
      {
        path: 'batch/history/detail',
        detail: true,
        load: () => import('@/features/settlements/routes/closed-batch-detail-page'),
        activeMenu: '/settlements/batch/history',
      },
    ],
  },
  {
    path: '/account',
    children: [
      {
        path: 'balance',
        load: () => import('@/features/balance/routes/balance-page'),
      },
      {
        path: 'withdraw',
        load: () => import('@/features/withdrawals/routes/withdraw-page'),
      },
    ],
  },
  {
    path: '/payout',
    children: [
      {
        path: 'create',
        load: () => import('@/features/payouts/routes/create-payout-page'),
      },
      {
        path: 'history',
        load: () => import('@/features/payouts/routes/payout-history-page'),
      },
      {
        path: 'history/detail',
        detail: true,
        activeMenu: '/payout/history',
        load: () => import('@/features/payouts/routes/payout-detail-page'),
      },
      {
        path: 'history/batch/detail',
        detail: true,
        activeMenu: '/payout/history',
        load: () => import('@/features/payouts/routes/payout-batch-detail-page'),
      },
    ],
  },
  {
    path: '/subscription',
    children: [
      {
        path: 'agreements',
        load: () => import('@/features/subscriptions/routes/agreements-page'),
      },
      {
        path: 'agreements/detail',
        detail: true,
        activeMenu: '/subscription/agreements',
        load: () => import('@/features/subscriptions/routes/agreement-detail-page'),
      },
    ],
  },
  {
    path: '/services',
    children: [
      {
        path: 'payin',
        load: () => import('@/features/payin-services/routes/payin-services-page'),
      },
      {
        path: 'payout',
        load: () => import('@/features/payout-services/routes/payout-services-page'),
      },
    ],
  },
  {
    path: '/settings',
    children: [
      {
        path: 'team',
        load: () => import('@/features/team/routes/team-page'),
      },
      {
        path: 'bank-accounts',
        load: () => import('@/features/bank-accounts/routes/bank-accounts-page'),
      },
      {
        path: 'integration',
        load: () => import('@/features/integration/routes/integration-page'),
      },
      {
        path: 'integration/api-docs',
        load: () => import('@/features/api-docs/routes/api-docs-page'),
        detail: true,
        activeMenu: '/settings/integration',
      },
    ],
  },
];

/** The title key of the catch-all route (common:routes.*). */
export const NOT_FOUND_TITLE = '*';

/** Absolute path of a container's child. */
export function childPath(container: ContainerDef, page: PageDef): string {
  return `${container.path}/${page.path}`;
}

/** Every page inside the layout, with its absolute path. */
export function layoutPages(): Array<PageDef & { fullPath: string }> {
  return [
    { ...HOME_ROUTE, fullPath: `/${HOME_ROUTE.path}` },
    ...CONTAINERS.flatMap((c) => c.children.map((p) => ({ ...p, fullPath: childPath(c, p) }))),
  ];
}
