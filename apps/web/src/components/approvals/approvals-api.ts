import { APPROVAL_PATHS, type ApprovalItem, type ApprovalKind, type ApprovalRules, type UpdateApprovalRulesRequest } from '@mbo/contracts/approvals';
import { get, post } from '@/lib/http/request';

export const approvalKeys = {
  all: ['approvals'] as const,
  rules: () => [...approvalKeys.all, 'rules'] as const,
  pending: () => [...approvalKeys.all, 'pending'] as const,
};

export const approvalRulesQueryOptions = () => ({
  queryKey: approvalKeys.rules(),
  queryFn: ({ signal }: { signal: AbortSignal }) => get<ApprovalRules>(APPROVAL_PATHS.rules, undefined, { signal, showErrorMessage: false }),
});

export const awaitingApprovalQueryOptions = () => ({
  queryKey: approvalKeys.pending(),
  queryFn: ({ signal }: { signal: AbortSignal }) => get<ApprovalItem[]>(APPROVAL_PATHS.pending, undefined, { signal, showErrorMessage: false }),
  refetchInterval: 15_000,
});

export const approve = (kind: ApprovalKind, id: string) => post<null>(APPROVAL_PATHS.approve, { kind, id }, { showSuccessMessage: true });
export const reject = (kind: ApprovalKind, id: string, reason: string) =>
  post<null>(APPROVAL_PATHS.reject, { kind, id, ...(reason.trim() ? { reason: reason.trim() } : {}) }, { showSuccessMessage: true });
export const updateApprovalRules = (body: UpdateApprovalRulesRequest) => post<ApprovalRules>(APPROVAL_PATHS.updateRules, body, { showSuccessMessage: true });
