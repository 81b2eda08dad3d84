import { SETTLEMENTS_LIST } from '@mbo/contracts/lists/settlements-list';
import type { SettlementStatus } from '@mbo/contracts/settlements';
import type { StatusTone } from '@/components/list/status-tag';

/** Pending waits for its day, paid is done, failed needs attention. */
export const SETTLEMENT_STATUS_TONE: Readonly<Record<SettlementStatus, StatusTone>> = {
  PENDING: 'processing',
  PAID: 'success',
  FAILED: 'error',
};

export function settlementTone(status: string): StatusTone {
  return Object.hasOwn(SETTLEMENT_STATUS_TONE, status) ? SETTLEMENT_STATUS_TONE[status as SettlementStatus] : 'default';
}

export const SETTLEMENT_HISTORY_PATH = '/settlements/history';
export const SETTLEMENT_ESTIMATION_PATH = '/settlements/estimation';

const DAY_RANGE = SETTLEMENTS_LIST.filters.find((f) => f.type === 'dateRange');

/** The settlement history filtered to one settlement day (the list's own date-range URL keys). */
export function settlementHistoryDayPath(day: string): string {
  const params = new URLSearchParams(DAY_RANGE ? { [DAY_RANGE.fromKey]: day, [DAY_RANGE.toKey]: day } : {});
  return `${SETTLEMENT_HISTORY_PATH}?${params.toString()}`;
}
