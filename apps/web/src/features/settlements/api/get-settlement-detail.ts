import { SETTLEMENT_PATHS, type SettlementDetail } from '@mbo/contracts/settlements';
import { get } from '@/lib/http/request';
import { settlementKeys } from './settlement-keys';

/** One settlement with its batches. Quiet: the page shows its own error and "not found" (002001B023). */
export function getSettlementDetail(settlementId: string, signal?: AbortSignal): Promise<SettlementDetail> {
  return get<SettlementDetail>(SETTLEMENT_PATHS.detail, { settlementId }, { signal, showErrorMessage: false });
}

export function settlementDetailQueryOptions(settlementId: string) {
  return {
    queryKey: settlementKeys.detail(settlementId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getSettlementDetail(settlementId, signal),
    // The page offers "Try again"; "not found" is final.
    retry: false,
  };
}
