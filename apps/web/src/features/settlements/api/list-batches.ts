import { SETTLEMENT_PATHS, type ListBatchesRequest, type SettlementBatchPage } from '@mbo/contracts/settlements';
import { post } from '@/lib/http/request';

/** Query keys of the clearing batches (lists of both pages, and one batch). */
export const batchKeys = {
  all: ['settlement-batches'] as const,
  lists: () => [...batchKeys.all, 'list'] as const,
  list: (request: ListBatchesRequest) => [...batchKeys.lists(), request] as const,
  detail: (batchId: string) => [...batchKeys.all, 'detail', batchId] as const,
};

/** One page of the open (`state: 'OPEN'`) or closed and settled (`'CLOSED'`) batches. `quiet`: no error toast (a prefetch). */
export function listBatches(request: ListBatchesRequest, signal?: AbortSignal, quiet = false): Promise<SettlementBatchPage> {
  return post<SettlementBatchPage>(SETTLEMENT_PATHS.batchList, request, { signal, showErrorMessage: !quiet });
}

export function listBatchesQueryOptions(request: ListBatchesRequest, { quiet = false } = {}) {
  return {
    queryKey: batchKeys.list(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => listBatches(request, signal, quiet),
    staleTime: 10_000,
  };
}
