import type { BankAccountStatus } from '@mbo/contracts/bank-accounts';
import type { StatusTone } from '@/components/list/status-tag';

export const BANK_ACCOUNT_STATUS_TONE: Readonly<Record<BankAccountStatus, StatusTone>> = {
  PENDING_VERIFICATION: 'processing',
  VERIFIED: 'success',
  REJECTED: 'error',
};
