import type { TFunction } from 'i18next';
import type { PaymentStatus } from '@mbo/contracts/payments';
import {
  AGREEMENT_RETRY_DAYS,
  type AgreementCharge,
  type AgreementRecord,
  type AgreementStatus,
  type CancelWhen,
} from '@mbo/contracts/subscriptions';
import type { StatusTone } from '@/components/list/status-tag';

export const AGREEMENT_STATUS_TONE: Readonly<Record<AgreementStatus, StatusTone>> = {
  ACTIVE: 'success',
  PAST_DUE: 'warning',
  CANCELLED: 'default',
  EXPIRED: 'default',
};

export const CHARGE_STATUS_TONE: Readonly<Record<PaymentStatus, StatusTone>> = {
  SUCCESS: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  CANCELLED: 'default',
};

export const AGREEMENTS_URL = '/subscription/agreements';
export const agreementDetailPath = (agreementId: string) =>
  `${AGREEMENTS_URL}/detail?agreementId=${encodeURIComponent(agreementId)}`;
export const paymentDetailPath = (paymentId: string) =>
  `/transactions/payments_detail?paymentId=${encodeURIComponent(paymentId)}`;
export const paymentLinkDetailPath = (linkId: string) =>
  `/transactions/payment_link/detail?linkId=${encodeURIComponent(linkId)}`;

/** "Visa •••• 4242" for a card, the method's name alone otherwise (a card shows its last 4 at most here). */
export function methodText(name: string, cardLast4: string | null): string {
  return cardLast4 ? `${name} •••• ${cardLast4}` : name;
}

/** "First attempt" for the charge on its due date, then "Retry 1", "Retry 2"… */
export function attemptLabel(t: TFunction, attempt: number): string {
  const ns = 'subscriptions';
  return attempt === 0 ? t('attempts.first', { ns }) : t('attempts.retry', { ns, n: attempt });
}

/**
 * How the agreement can still be cancelled: now or at the end of the period while it is ACTIVE; only
 * now once it is PAST_DUE (its current period is unpaid) or already set to end with the period; not
 * at all once it is final.
 */
export function cancelChoices(a: Pick<AgreementRecord, 'status' | 'cancelAtPeriodEnd'>): CancelWhen[] {
  if (a.status !== 'ACTIVE' && a.status !== 'PAST_DUE') return [];
  if (a.status === 'PAST_DUE' || a.cancelAtPeriodEnd) return ['NOW'];
  return ['PERIOD_END', 'NOW'];
}

export interface RetryStep {
  /** "Due date", "Retry 1"… */
  label: string;
  /** Days after the due date. */
  offsetDays: number;
  /** When it was made (declined), is to be made (next) or is planned (the due date plus its days). */
  at: string;
  state: 'declined' | 'next' | 'planned';
}

const DAY_MS = 86_400_000;

/**
 * A PAST_DUE agreement's attempts at the unpaid cycle: the charge on the due date (the end of the paid
 * period), then a retry AGREEMENT_RETRY_DAYS after it; after the last one fails the agreement is
 * cancelled. Empty unless PAST_DUE.
 */
export function retrySchedule(
  t: TFunction,
  a: Pick<AgreementRecord, 'status' | 'periodEnd' | 'failedAttempts' | 'nextChargeAt' | 'cyclesCharged'>,
  charges: readonly Pick<AgreementCharge, 'cycle' | 'attempt' | 'createdAt'>[] = [],
): RetryStep[] {
  if (a.status !== 'PAST_DUE') return [];
  const due = Date.parse(a.periodEnd);
  const cycle = a.cyclesCharged + 1;
  const offsets = [0, ...AGREEMENT_RETRY_DAYS];
  return offsets.map((offsetDays, attempt) => {
    const planned = Number.isNaN(due) ? a.periodEnd : new Date(due + offsetDays * DAY_MS).toISOString();
    const label =
      attempt === 0
        ? t('attempts.dueDate', { ns: 'subscriptions' })
        : t('attempts.retry', { ns: 'subscriptions', n: attempt });
    if (attempt < a.failedAttempts) {
      const made = charges.find((c) => c.cycle === cycle && c.attempt === attempt);
      return { label, offsetDays, at: made?.createdAt ?? planned, state: 'declined' };
    }
    if (attempt === a.failedAttempts) return { label, offsetDays, at: a.nextChargeAt ?? planned, state: 'next' };
    return { label, offsetDays, at: planned, state: 'planned' };
  });
}
