import type { DisputeStatus } from '@mbo/contracts/acquiring';
import { disputeReasonOf, type EvidenceCategory, type EvidenceChecklistItem } from '@mbo/contracts/dispute-reasons';
import { DISPUTE_DUE_SOON_DAYS, type DisputeFile, type EvidenceText } from '@mbo/contracts/disputes';
import { DISPUTE_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

/** The words of the one source (packages/contracts/src/status-labels.ts). */
export const DISPUTE_STATUS_LABEL: Readonly<Record<DisputeStatus, string>> = DISPUTE_STATUS_LABELS;

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How close a due date is: overdue, within DISPUTE_DUE_SOON_DAYS (highlighted), or later. */
export function dueState(dueAt: string, now: number = Date.now()): DueState {
  const left = Date.parse(dueAt) - now;
  if (left <= 0) {
    const late = -left;
    return {
      label: `Overdue by ${late >= DAY ? plural(Math.floor(late / DAY), 'day') : plural(Math.max(1, Math.floor(late / HOUR)), 'hour')}`,
      countdown: 'Overdue',
      tone: 'overdue',
    };
  }
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / 60_000);
  const label =
    days >= 1
      ? `Due in ${plural(days, 'day')}`
      : hours >= 1
        ? `Due in ${plural(hours, 'hour')}`
        : `Due in ${plural(Math.max(1, minutes), 'minute')}`;
  const countdown =
    days >= 1
      ? `${plural(days, 'day')} ${plural(hours, 'hour')} left`
      : `${plural(hours, 'hour')} ${plural(minutes, 'minute')} left`;
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
