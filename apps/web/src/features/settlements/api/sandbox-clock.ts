import type { QueryKey } from '@tanstack/react-query';
import { SETTLEMENT_PATHS, type SandboxAdvanceResult } from '@mbo/contracts/settlements';
import { get, post } from '@/lib/http/request';
import { sharedKeys } from '@/lib/query-keys';
import { settlementKeys } from './settlement-keys';

/** Whether this server has the sandbox clock (quiet: without it the page simply offers nothing). */
export function getSandboxClock(signal?: AbortSignal): Promise<{ enabled: boolean }> {
  return get<{ enabled: boolean }>(SETTLEMENT_PATHS.sandboxClock, undefined, { signal, showErrorMessage: false });
}

export const sandboxClockQueryOptions = {
  queryKey: settlementKeys.sandboxClock(),
  queryFn: ({ signal }: { signal: AbortSignal }) => getSandboxClock(signal),
  staleTime: Infinity,
};

/** Runs the active merchant's settlement cycle as of `days` days from now (errors are the HTTP client's toasts). */
export function advanceSandboxClock(days: number): Promise<SandboxAdvanceResult> {
  return post<SandboxAdvanceResult>(SETTLEMENT_PATHS.sandboxAdvance, { days });
}

/**
 * What moving the sandbox clock changes: batches past their cut-off close and those due settle, so the
 * settlements (lists, details, calendar, estimation), the batches and their rows, the payments' settlement
 * state, and the ledger (balances, their transactions, what can be withdrawn) and the audit log all move.
 */
export const keysChangedBySandboxAdvance = (): QueryKey[] => [
  settlementKeys.lists(),
  settlementKeys.details(),
  settlementKeys.calendars(),
  settlementKeys.estimations(),
  settlementKeys.batches(),
  settlementKeys.transactions(),
  sharedKeys.payments,
  sharedKeys.balances,
  sharedKeys.balanceTransactions,
  sharedKeys.withdrawConfig,
  sharedKeys.auditLog,
];
