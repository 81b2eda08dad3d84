import type { CalendarRequest, ListSettlementsRequest } from '@mbo/contracts/settlements';

/**
 * Query keys of the settlements, their estimation and the calendar. The home page's next-settlement
 * card asks for the estimation under the same key (features/home/api/get-settlement-estimation.ts),
 * so the two share one answer.
 */
export const settlementKeys = {
  all: ['settlements'] as const,
  lists: () => [...settlementKeys.all, 'list'] as const,
  list: (request: ListSettlementsRequest) => [...settlementKeys.lists(), request] as const,
  detail: (settlementId: string) => [...settlementKeys.all, 'detail', settlementId] as const,
  estimation: (days: number) => [...settlementKeys.all, 'estimation', days] as const,
  calendar: (request: CalendarRequest) => [...settlementKeys.all, 'calendar', request] as const,
};
