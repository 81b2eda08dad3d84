import type { PayoutBatchStatus, PayoutStatus } from '@mbo/contracts/payouts';
import { PAYOUT_BATCH_STATUS_LABELS, PAYOUT_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

export const PAYOUT_STATUS_LABEL: Readonly<Record<PayoutStatus, string>> = PAYOUT_STATUS_LABELS;
export const PAYOUT_STATUS_TONE: Readonly<Record<PayoutStatus, StatusTone>> = {
  PENDING_APPROVAL: 'warning',
  PENDING: 'warning',
  PROCESSING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};
export const PAYOUT_BATCH_STATUS_LABEL: Readonly<Record<PayoutBatchStatus, string>> = PAYOUT_BATCH_STATUS_LABELS;
export const PAYOUT_BATCH_STATUS_TONE: Readonly<Record<PayoutBatchStatus, StatusTone>> = {
  PENDING_APPROVAL: 'warning',
  PROCESSING: 'processing',
  COMPLETED: 'success',
  PARTIALLY_FAILED: 'warning',
  REJECTED: 'default',
};

export const payoutDetailPath = (payoutId: string) => `/payout/history/detail?payoutId=${encodeURIComponent(payoutId)}`;
export const payoutBatchPath = (batchId: string) =>
  `/payout/history/batch/detail?batchId=${encodeURIComponent(batchId)}`;
