import type { BankAccountStatus } from '@mbo/contracts/bank-accounts';
import { BANK_ACCOUNT_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

export const BANK_ACCOUNT_STATUS_LABEL: Readonly<Record<BankAccountStatus, string>> = BANK_ACCOUNT_STATUS_LABELS;

export const BANK_ACCOUNT_STATUS_TONE: Readonly<Record<BankAccountStatus, StatusTone>> = {
  PENDING_VERIFICATION: 'processing',
  VERIFIED: 'success',
  REJECTED: 'error',
};
