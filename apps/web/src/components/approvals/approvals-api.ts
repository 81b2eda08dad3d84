import type { QueryKey } from '@tanstack/react-query';
import {
  APPROVAL_PATHS,
  type ApprovalItem,
  type ApprovalKind,
  type ApprovalRules,
  type UpdateApprovalRulesRequest,
} from '@mbo/contracts/approvals';
import { get, post } from '@/lib/http/request';
import { sharedKeys } from '@/lib/query-keys';

export const approvalKeys = {
  all: ['approvals'] as const,
  rules: () => [...approvalKeys.all, 'rules'] as const,
  pending: () => [...approvalKeys.all, 'pending'] as const,
};

/**
 * What approving or rejecting an order changes: the order itself (a withdrawal, or a payout or a batch
 * of them) and the held money (approved, it leaves the balance; rejected, it returns to the available
 * balance), the list of what waits for approval, and the audit log.
 */
export const keysChangedByDecision = (kind: ApprovalKind): QueryKey[] => [
  ...(kind === 'WITHDRAWAL' ? [sharedKeys.withdrawals] : [sharedKeys.payouts, sharedKeys.withdrawConfig]),
  sharedKeys.balances,
  sharedKeys.balanceTransactions,
  approvalKeys.pending(),
  sharedKeys.auditLog,
];

export const approvalRulesQueryOptions = () => ({
  queryKey: approvalKeys.rules(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    get<ApprovalRules>(APPROVAL_PATHS.rules, undefined, { signal, showErrorMessage: false }),
});

export const awaitingApprovalQueryOptions = () => ({
  queryKey: approvalKeys.pending(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    get<ApprovalItem[]>(APPROVAL_PATHS.pending, undefined, { signal, showErrorMessage: false }),
  refetchInterval: 15_000,
});

export const approve = (kind: ApprovalKind, id: string) =>
  post<null>(APPROVAL_PATHS.approve, { kind, id }, { showSuccessMessage: true });
export const reject = (kind: ApprovalKind, id: string, reason: string) =>
  post<null>(
    APPROVAL_PATHS.reject,
    { kind, id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
    { showSuccessMessage: true },
  );
export const updateApprovalRules = (body: UpdateApprovalRulesRequest) =>
  post<ApprovalRules>(APPROVAL_PATHS.updateRules, body, { showSuccessMessage: true });
