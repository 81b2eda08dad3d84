import { SETTLEMENT_PATHS, type SettlementEstimation } from '@mbo/contracts/settlements';
import { get } from '@/lib/http/request';
import { settlementKeys } from './settlement-keys';

/** The estimation page looks this many days ahead (today included). */
export const ESTIMATION_DAYS = 30;

/** The expected net per due day and currency of every unsettled batch. Quiet: the page shows its own error. */
export function getSettlementEstimation(days: number, signal?: AbortSignal): Promise<SettlementEstimation> {
  return get<SettlementEstimation>(SETTLEMENT_PATHS.estimation, { days }, { signal, showErrorMessage: false });
}

export function settlementEstimationQueryOptions(days = ESTIMATION_DAYS) {
  return {
    queryKey: settlementKeys.estimation(days),
    queryFn: ({ signal }: { signal: AbortSignal }) => getSettlementEstimation(days, signal),
    staleTime: 30_000,
  };
}
