import type { BatchStatus, SettlementBatchRecord } from '@mbo/contracts/settlements';
import type { StatusTone } from '@/components/list/status-tag';

/** An open batch still takes payments, a closed one waits for its due day, a settled one is paid. */
export const BATCH_STATUS_TONE: Readonly<Record<BatchStatus, StatusTone>> = {
  OPEN: 'processing',
  CLOSED: 'warning',
  SETTLED: 'success',
};

export function batchTone(status: string): StatusTone {
  return Object.hasOwn(BATCH_STATUS_TONE, status) ? BATCH_STATUS_TONE[status as BatchStatus] : 'default';
}

/** The settlement cycle: "T+2" (working days after the business day). */
export function cycleLabel(record: Pick<SettlementBatchRecord, 'settlementCycleDays'>): string {
  return `T+${record.settlementCycleDays}`;
}

export const OPEN_BATCHES_PATH = '/settlements/batch';
export const BATCH_HISTORY_PATH = '/settlements/batch/history';

/** The detail page of a batch: under the open batches, or under the history (closed and settled). */
export function batchDetailPath(batchId: string, from: 'open' | 'history'): string {
  const base = from === 'open' ? `${OPEN_BATCHES_PATH}/detail` : `${BATCH_HISTORY_PATH}/detail`;
  return `${base}?batchId=${encodeURIComponent(batchId)}`;
}

export const SETTLEMENT_DETAIL_PATH = '/settlements/detail';

export function settlementDetailPath(settlementId: string): string {
  return `${SETTLEMENT_DETAIL_PATH}?settlementId=${encodeURIComponent(settlementId)}`;
}
