import type { BalanceTransactionRecord, BalanceTransactionType } from '@mbo/contracts/balance-transactions';
import { BALANCE_TRANSACTION_TYPE_LABELS } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

/** The words of the one source (packages/contracts/src/status-labels.ts). */
export const BALANCE_TRANSACTION_TYPE_LABEL: Readonly<Record<BalanceTransactionType, string>> = BALANCE_TRANSACTION_TYPE_LABELS;

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

/** The detail pages a reference opens (route table), by its type; the others have none yet. */
const REFERENCE_DETAILS: Readonly<Record<string, { path: string; param: string }>> = {
  PAYMENT: { path: '/transactions/payments_detail', param: 'paymentId' },
  REFUND: { path: '/transactions/refunds_detail', param: 'refundId' },
  SETTLEMENT: { path: '/settlements/detail', param: 'settlementId' },
  DISPUTE: { path: '/transactions/disputes/detail', param: 'disputeId' },
  WITHDRAWAL: { path: '/account/withdraw', param: 'withdrawalId' },
  PAYOUT: { path: '/payout/history/detail', param: 'payoutId' },
  PAYOUT_BATCH: { path: '/payout/history/batch/detail', param: 'batchId' },
};

/** Where a transaction's reference opens for a user who may open `authUrls`, or null (plain text). */
export function referenceDetailPath(record: Pick<BalanceTransactionRecord, 'referenceType' | 'referenceId'>, authUrls: readonly string[]): string | null {
  const detail = Object.hasOwn(REFERENCE_DETAILS, record.referenceType) ? REFERENCE_DETAILS[record.referenceType] : undefined;
  if (!detail || !record.referenceId || !authUrls.includes(detail.path)) return null;
  return `${detail.path}?${detail.param}=${encodeURIComponent(record.referenceId)}`;
}
