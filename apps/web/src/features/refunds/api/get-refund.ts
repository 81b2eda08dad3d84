import { REFUND_PATHS, type RefundDetail } from '@mbo/contracts/refunds';
import { isNotFoundError } from '@/components/detail/detail-not-found';
import { get } from '@/lib/http/request';
import { refundKeys } from './refund-keys';

/** One refund with its payment and timeline. Quiet: the page shows its own error and not-found states. */
export function getRefund(refundId: string, signal?: AbortSignal): Promise<RefundDetail> {
  return get<RefundDetail>(REFUND_PATHS.detail, { refundId }, { showErrorMessage: false, signal });
}

export function refundDetailQueryOptions(refundId: string) {
  return {
    queryKey: refundKeys.detail(refundId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getRefund(refundId, signal),
    // A refund still processing changes on the sandbox's schedule: look again now and then.
    refetchInterval: (query: { state: { data?: RefundDetail } }) =>
      query.state.data?.status === 'PROCESSING' ? 5_000 : false,
    retry: (count: number, error: unknown) => !isNotFoundError(error) && count < 2,
  };
}
