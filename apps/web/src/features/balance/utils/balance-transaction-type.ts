import type { BalanceTransactionRecord, BalanceTransactionType } from '@mbo/contracts/balance-transactions';
import type { StatusTone } from '@/components/list/status-tag';
import { recordPagePath } from '@/lib/record-pages';

/**
 * A capture brings money in (pending), a settlement makes it available, a refund takes it out and
 * its reversal gives it back: each its own colour, none of them a failure.
 */
export const BALANCE_TRANSACTION_TYPE_TONE: Readonly<Record<BalanceTransactionType, StatusTone>> = {
  CAPTURE: 'processing',
  SETTLEMENT: 'success',
  REFUND: 'warning',
  REFUND_REVERSAL: 'default',
  DISPUTE_HOLD: 'warning',
  DISPUTE_RELEASE: 'success',
  DISPUTE_DEBIT: 'error',
  WITHDRAWAL: 'warning',
  WITHDRAWAL_PAID: 'default',
  WITHDRAWAL_RETURN: 'default',
  TOP_UP: 'success',
  PAYOUT: 'warning',
  PAYOUT_PAID: 'default',
  PAYOUT_RETURN: 'default',
};

/** Where a transaction's reference opens for a user who may open `authUrls`, or null (plain text). */
export function referenceDetailPath(
  record: Pick<BalanceTransactionRecord, 'referenceType' | 'referenceId'>,
  authUrls: readonly string[],
): string | null {
  return recordPagePath(record.referenceType, record.referenceId, authUrls);
}
