import { SETTLEMENTS_LIST } from '@mbo/contracts/lists/settlements-list';
import type { SettlementStatus } from '@mbo/contracts/settlements';
import { SETTLEMENT_STATUS_LABELS, statusLabel } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

/** The words of the one source (packages/contracts/src/status-labels.ts). */
export const SETTLEMENT_STATUS_LABEL: Readonly<Record<SettlementStatus, string>> = SETTLEMENT_STATUS_LABELS;

/** Pending waits for its day, paid is done, failed needs attention. */
export const SETTLEMENT_STATUS_TONE: Readonly<Record<SettlementStatus, StatusTone>> = {
  PENDING: 'processing',
  PAID: 'success',
  FAILED: 'error',
};

export function settlementStatusLabel(status: string): string {
  return statusLabel(SETTLEMENT_STATUS_LABEL, status);
}

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
