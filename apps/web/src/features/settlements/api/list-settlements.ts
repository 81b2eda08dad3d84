import { SETTLEMENT_PATHS, type ListSettlementsRequest, type SettlementPage } from '@mbo/contracts/settlements';
import { post } from '@/lib/http/request';
import { settlementKeys } from './settlement-keys';

/**
 * One page of the settlements, with the totals per currency of every row the filters match. `quiet`: no error toast (a
 * prefetch).
 */
export function listSettlements(
  request: ListSettlementsRequest,
  signal?: AbortSignal,
  quiet = false,
): Promise<SettlementPage> {
  return post<SettlementPage>(SETTLEMENT_PATHS.list, request, { signal, showErrorMessage: !quiet });
}

export function listSettlementsQueryOptions(request: ListSettlementsRequest, { quiet = false } = {}) {
  return {
    queryKey: settlementKeys.list(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => listSettlements(request, signal, quiet),
    staleTime: 10_000,
  };
}
