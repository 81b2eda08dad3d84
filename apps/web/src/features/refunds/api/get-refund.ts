import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { REFUND_PATHS, type RefundDetail } from '@mbo/contracts/refunds';
import { ApiError, get } from '@/lib/http/request';
import { refundKeys } from './list-refunds';

/** The codes that mean "no such refund for this merchant": the page shows its not-found state, no toast. */
const NOT_FOUND_CODES: string[] = [ERROR_CODES.ORDER_NOT_FOUND, ERROR_CODES.PAGE_DATA_NOT_EXISTS];

export function isRefundNotFound(error: unknown): boolean {
  return error instanceof ApiError && NOT_FOUND_CODES.includes(error.code);
}

/** One refund with its payment and timeline. Quiet: the page shows its own error and not-found states. */
export function getRefund(refundId: string, signal?: AbortSignal): Promise<RefundDetail> {
  return get<RefundDetail>(REFUND_PATHS.detail, { refundId }, { showErrorMessage: false, signal });
}

export function refundDetailQueryOptions(refundId: string) {
  return {
    queryKey: refundKeys.detail(refundId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getRefund(refundId, signal),
    // A refund still processing changes on the sandbox's schedule: look again now and then.
    refetchInterval: (query: { state: { data?: RefundDetail } }) => (query.state.data?.status === 'PROCESSING' ? 5_000 : false),
    retry: (count: number, error: unknown) => !isRefundNotFound(error) && count < 2,
  };
}
