import { SETTLEMENT_PATHS, type SettlementEstimation } from '@mbo/contracts/settlements';
import { get } from '@/lib/http/request';
import { homeKeys } from './home-keys';

/** The days the estimation page covers: the card asks for the same answer, under the same key, so the two share it. */
const DAYS = 30;

/** The expected settlements of the next 30 days, for the next one. Quiet: the card shows its own error. */
export function getSettlementEstimation(signal?: AbortSignal): Promise<SettlementEstimation> {
  return get<SettlementEstimation>(SETTLEMENT_PATHS.estimation, { days: DAYS }, { showErrorMessage: false, signal });
}

export function settlementEstimationQueryOptions() {
  return {
    queryKey: homeKeys.settlementEstimation(DAYS),
    queryFn: ({ signal }: { signal: AbortSignal }) => getSettlementEstimation(signal),
    staleTime: 30_000,
  };
}
