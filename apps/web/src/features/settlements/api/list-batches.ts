import { SETTLEMENT_PATHS, type ListBatchesRequest, type SettlementBatchPage } from '@mbo/contracts/settlements';
import { post } from '@/lib/http/request';
import { settlementKeys } from './settlement-keys';

/**
 * One page of the open (`state: 'OPEN'`) or closed and settled (`'CLOSED'`) batches. `quiet`: no error toast (a
 * prefetch).
 */
export function listBatches(
  request: ListBatchesRequest,
  signal?: AbortSignal,
  quiet = false,
): Promise<SettlementBatchPage> {
  return post<SettlementBatchPage>(SETTLEMENT_PATHS.batchList, request, { signal, showErrorMessage: !quiet });
}

export function listBatchesQueryOptions(request: ListBatchesRequest, { quiet = false } = {}) {
  return {
    queryKey: settlementKeys.batchList(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => listBatches(request, signal, quiet),
    staleTime: 10_000,
  };
}
