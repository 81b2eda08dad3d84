import type { PayoutBatchStatus, PayoutStatus } from '@mbo/contracts/payouts';
import type { StatusTone } from '@/components/list/status-tag';

export const PAYOUT_STATUS_TONE: Readonly<Record<PayoutStatus, StatusTone>> = {
  PENDING_APPROVAL: 'warning',
  PENDING: 'warning',
  PROCESSING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};
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
