import type { Page } from '@mbo/contracts/envelope';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import {
  WITHDRAWAL_PATHS,
  type CreateWithdrawalRequest,
  type ListWithdrawalsRequest,
  type WithdrawConfig,
  type WithdrawalDetail,
  type WithdrawalRecord,
} from '@mbo/contracts/withdrawals';
import { get, post } from '@/lib/http/request';
import { withdrawalKeys } from './withdrawal-keys';

/**
 * Hours (open now?), agreements, balances and verified accounts: refreshed each minute, so "open now" follows the
 * clock.
 */
export function withdrawConfigQueryOptions({ quiet = false } = {}) {
  return {
    queryKey: withdrawalKeys.config(),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<WithdrawConfig>(WITHDRAWAL_PATHS.config, undefined, { signal, showErrorMessage: !quiet }),
    refetchInterval: 60_000,
  };
}

/** Orders still moving (pending, processing) change within seconds in the sandbox: look again while there are any. */
const stillMoving = (records: WithdrawalRecord[] | undefined) =>
  records?.some((r) => r.status === 'PENDING' || r.status === 'PROCESSING') ?? false;

export function withdrawalsQueryOptions(request: ListWithdrawalsRequest, { quiet = false } = {}) {
  return {
    queryKey: withdrawalKeys.list(request),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      post<Page<WithdrawalRecord>>(WITHDRAWAL_PATHS.list, request, { signal, showErrorMessage: !quiet }),
    refetchInterval: (query: { state: { data?: Page<WithdrawalRecord> } }) =>
      stillMoving(query.state.data?.records) ? 3_000 : false,
  };
}

export function withdrawalDetailQueryOptions(withdrawalId: string) {
  return {
    queryKey: withdrawalKeys.detail(withdrawalId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<WithdrawalDetail>(WITHDRAWAL_PATHS.detail, { withdrawalId }, { signal }),
    refetchInterval: (query: { state: { data?: WithdrawalDetail } }) =>
      query.state.data && stillMoving([query.state.data]) ? 3_000 : false,
  };
}

/**
 * Submits a withdrawal with its idempotency key (one per form submission; a retry sends it again, so
 * it withdraws once). The catalogue's refusals come back as ApiError; the page shows them itself.
 */
export function createWithdrawal(body: CreateWithdrawalRequest, idempotencyKey: string): Promise<WithdrawalRecord> {
  return post<WithdrawalRecord>(WITHDRAWAL_PATHS.create, body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    showErrorMessage: false,
  });
}

export function cancelWithdrawal(withdrawalId: string): Promise<WithdrawalRecord> {
  return post<WithdrawalRecord>(WITHDRAWAL_PATHS.cancel, { withdrawalId }, { showSuccessMessage: true });
}
