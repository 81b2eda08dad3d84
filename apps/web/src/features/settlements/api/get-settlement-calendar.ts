import { SETTLEMENT_PATHS, type CalendarRequest, type SettlementCalendar } from '@mbo/contracts/settlements';
import { get } from '@/lib/http/request';
import { settlementKeys } from './settlement-keys';

/** One month of the settlement calendar (API_SETTLEMENT_CALENDAR). Quiet: the page shows its own error. */
export function getSettlementCalendar(request: CalendarRequest, signal?: AbortSignal): Promise<SettlementCalendar> {
  return get<SettlementCalendar>(SETTLEMENT_PATHS.calendar, request, { signal, showErrorMessage: false });
}

export function settlementCalendarQueryOptions(request: CalendarRequest) {
  return {
    queryKey: settlementKeys.calendar(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => getSettlementCalendar(request, signal),
    staleTime: 30_000,
  };
}
