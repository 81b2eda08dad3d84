/**
 * The query keys more than one part of the app uses. Each feature has its own factory
 * (features/<feature>/api/*-keys.ts) for the keys only it reads; what is shared lives here:
 *
 * - `globalStateKeys`: the session the shell loads (current user, menus, permissions, the merchant's
 *   dropdowns and dispute alert). It survives a merchant switch and is reloaded, never dropped.
 * - `sharedKeys`: the roots of the merchant's resources that a mutation of one feature changes in
 *   another (a refund moves the balances, an approval a withdrawal), and the cache entries two
 *   features read under one key (the balances, the settlement estimation). The features build their
 *   keys on these roots, so invalidating a root here reaches every query of that resource.
 *
 * Every other key belongs to the active merchant: `isMerchantScoped` tells them apart.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const globalStateKeys = {
  all: ['global-state'] as const,
  currentUser: () => [...globalStateKeys.all, 'current-user'] as const,
  menus: () => [...globalStateKeys.all, 'menu-list'] as const,
  permissions: (codes: string) => [...globalStateKeys.all, 'permissions', codes] as const,
  subMerchants: () => [...globalStateKeys.all, 'sub-merchants'] as const,
  agreementConfigs: () => [...globalStateKeys.all, 'agreement-dropdown-configs'] as const,
  payMethodConfigs: () => [...globalStateKeys.all, 'pay-method-dropdown-configs'] as const,
  alertInfo: () => [...globalStateKeys.all, 'dispute-status-count', 'EVIDENCE_REQUIRED'] as const,
  merchantGray: () => [...globalStateKeys.all, 'is-gray-merchant'] as const,
};

const ACCOUNT = ['account'] as const;
const SETTLEMENTS = ['settlements'] as const;
const WITHDRAWALS = ['withdrawals'] as const;

export const sharedKeys = {
  payments: ['payments'] as const,
  refunds: ['refunds'] as const,
  /** The active merchant's balance per currency (the home card and the balance page share it). */
  balances: [...ACCOUNT, 'balances'] as const,
  subMerchantBalances: [...ACCOUNT, 'sub-merchant-balances'] as const,
  balanceTransactions: ['balance-transactions'] as const,
  settlements: SETTLEMENTS,
  settlementEstimations: [...SETTLEMENTS, 'estimation'] as const,
  /** The expected settlements of the next `days` days (the home card and the estimation page share it). */
  settlementEstimation: (days: number) => [...SETTLEMENTS, 'estimation', days] as const,
  settlementBatches: ['settlement-batches'] as const,
  settlementTransactions: ['settlement-transactions'] as const,
  payouts: ['payouts'] as const,
  withdrawals: WITHDRAWALS,
  /** What a withdrawal may draw on now: hours, agreements, available balances, verified accounts. */
  withdrawConfig: [...WITHDRAWALS, 'config'] as const,
  loginHistory: ['login-history'] as const,
  /** The merchant's audit log: every change a user makes is written to it. */
  auditLog: ['audit-log'] as const,
};

/**
 * Whether a cached query holds the active merchant's data (everything but the session's): a merchant switch drops
 * these.
 */
export function isMerchantScoped(query: { queryKey: QueryKey }): boolean {
  return query.queryKey[0] !== globalStateKeys.all[0];
}

/** Marks stale, and refetches where shown, every query under each key prefix: what a mutation changed. */
export async function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
