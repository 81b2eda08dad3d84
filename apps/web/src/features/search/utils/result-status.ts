import type { SearchKind } from '@mbo/contracts/search';
import {
  AGREEMENT_STATUS_LABELS,
  API_KEY_STATE_LABELS,
  BATCH_STATUS_LABELS,
  DISPUTE_STATUS_LABELS,
  PAYMENT_LINK_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYOUT_BATCH_STATUS_LABELS,
  PAYOUT_STATUS_LABELS,
  REFUND_STATUS_LABELS,
  SETTLEMENT_STATUS_LABELS,
  WITHDRAWAL_STATUS_LABELS,
  statusLabel,
} from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

/** The label table of each kind's status (a webhook event has none). */
const LABELS: Readonly<Record<SearchKind, Readonly<Record<string, string>>>> = {
  PAYMENT: PAYMENT_STATUS_LABELS,
  REFUND: REFUND_STATUS_LABELS,
  DISPUTE: DISPUTE_STATUS_LABELS,
  SETTLEMENT: SETTLEMENT_STATUS_LABELS,
  BATCH: BATCH_STATUS_LABELS,
  WITHDRAWAL: WITHDRAWAL_STATUS_LABELS,
  PAYOUT: PAYOUT_STATUS_LABELS,
  PAYOUT_BATCH: PAYOUT_BATCH_STATUS_LABELS,
  AGREEMENT: AGREEMENT_STATUS_LABELS,
  PAYMENT_LINK: PAYMENT_LINK_STATUS_LABELS,
  API_KEY: API_KEY_STATE_LABELS,
  WEBHOOK_EVENT: {},
};

export function resultStatusLabel(kind: SearchKind, status: string): string {
  return statusLabel(LABELS[kind], status);
}

const DONE = new Set(['SUCCESS', 'PAID', 'WON', 'ACTIVE', 'COMPLETED', 'SETTLED']);
const BAD = new Set(['FAILED', 'LOST', 'REJECTED', 'PARTIALLY_FAILED', 'PAST_DUE']);
const WAITING = new Set(['PENDING', 'PENDING_APPROVAL', 'EVIDENCE_REQUIRED', 'PROCESSING', 'UNDER_REVIEW', 'OPEN']);

/** A status's colour, by what it means for the merchant: done, failed, waiting, or over. */
export function resultStatusTone(status: string): StatusTone {
  if (DONE.has(status)) return 'success';
  if (BAD.has(status)) return 'error';
  if (WAITING.has(status)) return 'warning';
  return 'default';
}
