import type { TFunction } from 'i18next';
import type { SearchKind } from '@mbo/contracts/search';
import { humanizeCode } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';
import type { LabelKind } from '@/i18n/use-label';

/**
 * The label kind of each kind's status (labels namespace). An API key's state has its words in the search
 * namespace (apiKeyStatus); a webhook event has no status words.
 */
const KINDS: Readonly<Record<SearchKind, LabelKind | null>> = {
  PAYMENT: 'PAYMENT_STATUSES',
  REFUND: 'REFUND_STATUSES',
  DISPUTE: 'DISPUTE_STATUSES',
  SETTLEMENT: 'SETTLEMENT_STATUSES',
  BATCH: 'BATCH_STATUSES',
  WITHDRAWAL: 'WITHDRAWAL_STATUSES',
  PAYOUT: 'PAYOUT_STATUSES',
  PAYOUT_BATCH: 'PAYOUT_BATCH_STATUSES',
  AGREEMENT: 'AGREEMENT_STATUSES',
  PAYMENT_LINK: 'PAYMENT_LINK_STATUSES',
  API_KEY: null,
  WEBHOOK_EVENT: null,
};

/** A found record's status in words: `label` is useLabel()'s, `t` the search namespace's. */
export function resultStatusLabel(
  kind: SearchKind,
  status: string,
  label: (kind: LabelKind, code: string) => string,
  t: TFunction,
): string {
  const labelKind = KINDS[kind];
  if (labelKind) return label(labelKind, status);
  if (kind === 'API_KEY') return t(`apiKeyStatus.${status}`, { defaultValue: humanizeCode(status) });
  return humanizeCode(status);
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
