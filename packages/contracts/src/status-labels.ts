/**
 * The one word a person reads for each status code, wherever it appears: list cells, status tiles and
 * filters, detail pages, timelines and export cells. Plain data (no zod), so the web app bundles it
 * and the server's exports can write the same words. A status means the same thing everywhere, so a
 * successful payment and a successful refund both read "Succeeded".
 */
import type { DisputeStatus } from './acquiring';
import type { BalanceTransactionType } from './balance-transactions';
import type { PayinServiceStatus } from './payin-services';
import type { PaymentLinkStatus } from './payment-links';
import type { PaymentStatus, RefundState } from './payments';
import type { RefundStatus } from './refunds';
import type { ExportStatus } from './reports';
import type { BatchStatus, SettlementStatus } from './settlements';
import type { BankAccountStatus } from './bank-accounts';
import type { PayoutServiceStatus } from './payout-services';
import type { WithdrawalStatus } from './withdrawals';
import type { PayoutBatchStatus, PayoutStatus } from './payouts';
import type { AgreementStatus } from './subscriptions';

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  SUCCESS: 'Succeeded',
  PENDING: 'Pending',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

export const REFUND_STATUS_LABELS: Readonly<Record<RefundStatus, string>> = {
  PROCESSING: 'Processing',
  SUCCESS: 'Succeeded',
  FAILED: 'Failed',
};

/** How much of a payment has been refunded. */
export const REFUND_STATE_LABELS: Readonly<Record<RefundState, string>> = {
  NONE: 'Not refunded',
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
};

export const DISPUTE_STATUS_LABELS: Readonly<Record<DisputeStatus, string>> = {
  EVIDENCE_REQUIRED: 'Evidence required',
  UNDER_REVIEW: 'Under review',
  WON: 'Won',
  LOST: 'Lost',
  ACCEPTED: 'Accepted',
  EXPIRED: 'Expired',
};

export const PAYMENT_LINK_STATUS_LABELS: Readonly<Record<PaymentLinkStatus, string>> = {
  ACTIVE: 'Active',
  PAID: 'Paid',
  EXPIRED: 'Expired',
  DEACTIVATED: 'Deactivated',
};

export const EXPORT_STATUS_LABELS: Readonly<Record<ExportStatus, string>> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  SUCCESS: 'Ready',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

/** A pay-in (or payout) service: takes payments, or is stopped by the provider. */
export const PAYIN_SERVICE_STATUS_LABELS: Readonly<Record<PayinServiceStatus, string>> = {
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
};

/** What moved the money in a balance transaction (Account → Balance). */
export const BALANCE_TRANSACTION_TYPE_LABELS: Readonly<Record<BalanceTransactionType, string>> = {
  CAPTURE: 'Capture',
  REFUND: 'Refund',
  REFUND_REVERSAL: 'Refund reversed',
  SETTLEMENT: 'Settlement',
  DISPUTE_HOLD: 'Dispute opened (held)',
  DISPUTE_RELEASE: 'Dispute won (released)',
  DISPUTE_DEBIT: 'Dispute lost (debited)',
  WITHDRAWAL: 'Withdrawal (reserved)',
  WITHDRAWAL_PAID: 'Withdrawal paid',
  WITHDRAWAL_RETURN: 'Withdrawal returned',
  TOP_UP: 'Top-up',
  PAYOUT: 'Payout (reserved)',
  PAYOUT_PAID: 'Payout paid',
  PAYOUT_RETURN: 'Payout returned',
};

/** A settlement: created and waiting to be paid, paid out, or failed to pay. */
export const SETTLEMENT_STATUS_LABELS: Readonly<Record<SettlementStatus, string>> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  FAILED: 'Failed',
};

/** A clearing batch: still taking payments, closed at its cut-off, or settled. */
export const BATCH_STATUS_LABELS: Readonly<Record<BatchStatus, string>> = {
  OPEN: 'Open',
  CLOSED: 'Closed',
  SETTLED: 'Settled',
};

/** An API key: usable, or revoked (the global search's API key results). */
export const API_KEY_STATE_LABELS: Readonly<Record<'ACTIVE' | 'REVOKED', string>> = {
  ACTIVE: 'Active',
  REVOKED: 'Revoked',
};

/** "PARTIALLY_REFUNDED" → "Partially refunded": for codes no table above knows (a newer server's). */
export function humanizeCode(code: string): string {
  const text = code.toLowerCase().replace(/[_.]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of a status code from one of the tables above, or the code in words when it is unknown. */
export function statusLabel<S extends string>(labels: Readonly<Record<S, string>>, code: string): string {
  return Object.hasOwn(labels, code) ? labels[code as S] : humanizeCode(code);
}

/** A withdrawal: waiting for the bank's run, at the bank, paid, refused, or cancelled while waiting. */
export const WITHDRAWAL_STATUS_LABELS: Readonly<Record<WithdrawalStatus, string>> = {
  PENDING_APPROVAL: 'Awaiting approval',
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  SUCCESS: 'Paid',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

/** A bank account: being checked by the bank, usable, or refused. */
export const BANK_ACCOUNT_STATUS_LABELS: Readonly<Record<BankAccountStatus, string>> = {
  PENDING_VERIFICATION: 'Pending verification',
  VERIFIED: 'Verified',
  REJECTED: 'Rejected',
};

/** A payout service: pays out, or is stopped by the provider. */
export const PAYOUT_SERVICE_STATUS_LABELS: Readonly<Record<PayoutServiceStatus, string>> = PAYIN_SERVICE_STATUS_LABELS;

/** A payout: waiting for the bank's run, at the bank, paid, refused, or not paid. */
export const PAYOUT_STATUS_LABELS: Readonly<Record<PayoutStatus, string>> = {
  PENDING_APPROVAL: 'Awaiting approval',
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  SUCCESS: 'Paid',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

/** A payout batch: rows still open, every row paid, or some rows failed. */
export const PAYOUT_BATCH_STATUS_LABELS: Readonly<Record<PayoutBatchStatus, string>> = {
  PENDING_APPROVAL: 'Awaiting approval',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
  PARTIALLY_FAILED: 'Partially failed',
  REJECTED: 'Rejected',
};

/** A subscription agreement: charging on schedule, retrying a declined charge, or ended. */
export const AGREEMENT_STATUS_LABELS: Readonly<Record<AgreementStatus, string>> = {
  ACTIVE: 'Active',
  PAST_DUE: 'Past due',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};
