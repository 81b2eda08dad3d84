import type { Page } from '@mbo/contracts/envelope';
import { REFUND_PATHS, type ListRefundsRequest, type RefundRecord } from '@mbo/contracts/refunds';
import { post } from '@/lib/http/request';
import { refundKeys } from './refund-keys';

/** One page of the merchant's refunds, newest first. `quiet`: no error toast (a prefetch). */
export function listRefunds(
  request: ListRefundsRequest,
  signal?: AbortSignal,
  quiet = false,
): Promise<Page<RefundRecord>> {
  return post<Page<RefundRecord>>(REFUND_PATHS.list, request, { signal, showErrorMessage: !quiet });
}

export function listRefundsQueryOptions(request: ListRefundsRequest, { quiet = false } = {}) {
  return {
    queryKey: refundKeys.list(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => listRefunds(request, signal, quiet),
    staleTime: 10_000,
  };
}
