import type { TFunction } from 'i18next';
import { DISPUTE_STATUSES, type DisputeStatus } from '@mbo/contracts/acquiring';
import { disputeReasonOf, type EvidenceCategory, type EvidenceChecklistItem } from '@mbo/contracts/dispute-reasons';
import { DISPUTE_DUE_SOON_DAYS, type DisputeFile, type EvidenceText } from '@mbo/contracts/disputes';
import type { StatusTone } from '@/components/list/status-tag';
import type { LabelKind } from '@/i18n/use-label';

type Label = (kind: LabelKind, code: string) => string;

/** The words of each dispute status in the language in force (useLabel's), for the list's filter. */
export const disputeStatusLabels = (label: Label): Record<string, string> =>
  Object.fromEntries(DISPUTE_STATUSES.map((s) => [s, label('DISPUTE_STATUSES', s)]));

export const DISPUTE_STATUS_TONE: Readonly<Record<DisputeStatus, StatusTone>> = {
  EVIDENCE_REQUIRED: 'warning',
  UNDER_REVIEW: 'processing',
  WON: 'success',
  LOST: 'error',
  ACCEPTED: 'default',
  EXPIRED: 'error',
};

export const disputeDetailPath = (disputeId: string) =>
  `/transactions/disputes/detail?disputeId=${encodeURIComponent(disputeId)}`;
export const paymentDetailPath = (paymentId: string) =>
  `/transactions/payments_detail?paymentId=${encodeURIComponent(paymentId)}`;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DueState {
  /** "Due in 2 days", "Due in 5 hours", "Overdue by 1 day". */
  label: string;
  /** "2 days 4 hours left" (the countdown), or "Overdue". */
  countdown: string;
  tone: 'overdue' | 'soon' | 'normal';
}

/**
 * How close a due date is: overdue, within DISPUTE_DUE_SOON_DAYS (highlighted), or later. `t` is
 * useTranslation('disputes', { keyPrefix: 'due' })'s.
 */
export function dueState(dueAt: string, t: TFunction, now: number = Date.now()): DueState {
  const plural = (count: number, word: 'days' | 'hours' | 'minutes') => t(word, { count });
  const left = Date.parse(dueAt) - now;
  if (left <= 0) {
    const late = -left;
    const time =
      late >= DAY ? plural(Math.floor(late / DAY), 'days') : plural(Math.max(1, Math.floor(late / HOUR)), 'hours');
    return { label: t('overdueBy', { time }), countdown: t('overdue'), tone: 'overdue' };
  }
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / 60_000);
  const time =
    days >= 1 ? plural(days, 'days') : hours >= 1 ? plural(hours, 'hours') : plural(Math.max(1, minutes), 'minutes');
  const label = t('dueIn', { time });
  const countdown =
    days >= 1
      ? t('left', { first: plural(days, 'days'), second: plural(hours, 'hours') })
      : t('left', { first: plural(hours, 'hours'), second: plural(minutes, 'minutes') });
  return { label, countdown, tone: left <= DISPUTE_DUE_SOON_DAYS * DAY ? 'soon' : 'normal' };
}

export interface ChecklistEntry {
  item: EvidenceChecklistItem;
  /** Met by a file of one of its categories or by its text field. */
  done: boolean;
}

/** The reason's evidence checklist, ticked by what the dispute holds. */
export function evidenceChecklist(
  reason: string,
  evidence: EvidenceText,
  files: readonly Pick<DisputeFile, 'category'>[],
): ChecklistEntry[] {
  const categories = new Set<EvidenceCategory>(files.map((f) => f.category));
  return disputeReasonOf(reason).checklist.map((item) => ({
    item,
    done: item.categories.some((c) => categories.has(c)) || (!!item.textField && !!evidence[item.textField]?.trim()),
  }));
}
