import type { WithdrawalStatus } from '@mbo/contracts/withdrawals';
import { WITHDRAWAL_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

export const WITHDRAWAL_STATUS_LABEL: Readonly<Record<WithdrawalStatus, string>> = WITHDRAWAL_STATUS_LABELS;

export const WITHDRAWAL_STATUS_TONE: Readonly<Record<WithdrawalStatus, StatusTone>> = {
  PENDING_APPROVAL: 'warning',
  PENDING: 'warning',
  PROCESSING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};
