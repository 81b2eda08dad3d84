import { sharedKeys } from '@/lib/query-keys';

/**
 * Query keys of the home page. Its cards show other resources, so each key sits under that
 * resource's shared root (a refund refreshes the KPIs with the payments); the balances and the
 * settlement estimation are the same cache entries as on their own pages.
 */
export const homeKeys = {
  paymentKpis: () => [...sharedKeys.payments, 'kpis'] as const,
  paymentKpi: (currency: string | undefined) => [...homeKeys.paymentKpis(), { currency: currency ?? null }] as const,
  balances: () => sharedKeys.balances,
  settlementEstimation: (days: number) => sharedKeys.settlementEstimation(days),
  /** The first page of the user's login history, `pageSize` long. */
  recentLogins: (pageSize: number) => [...sharedKeys.loginHistory, 'recent', { pageNum: 1, pageSize }] as const,
};
