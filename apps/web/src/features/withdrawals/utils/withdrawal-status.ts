import type { WithdrawalStatus } from '@mbo/contracts/withdrawals';
import type { StatusTone } from '@/components/list/status-tag';

export const WITHDRAWAL_STATUS_TONE: Readonly<Record<WithdrawalStatus, StatusTone>> = {
  PENDING_APPROVAL: 'warning',
  PENDING: 'warning',
  PROCESSING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};
