import { SETTLEMENT_PATHS, type SettlementBatchRecord } from '@mbo/contracts/settlements';
import { get } from '@/lib/http/request';
import { settlementKeys } from './settlement-keys';

/** One batch. "Not found" (002001B023) is shown by the page, not as a toast. */
export function getBatchDetail(batchId: string, signal?: AbortSignal): Promise<SettlementBatchRecord> {
  return get<SettlementBatchRecord>(SETTLEMENT_PATHS.batchDetail, { batchId }, { signal, showErrorMessage: false });
}

export function batchDetailQueryOptions(batchId: string) {
  return {
    queryKey: settlementKeys.batchDetail(batchId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getBatchDetail(batchId, signal),
    retry: false,
  };
}
