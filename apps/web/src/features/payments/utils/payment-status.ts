import { PAYMENT_STATUSES, type PaymentStatus } from '@mbo/contracts/payments';
import type { StatusTone } from '@/components/list/status-tag';
import type { LabelKind } from '@/i18n/use-label';

type Label = (kind: LabelKind, code: string) => string;

/** The words of each payment status in the language in force (useLabel's), for the list's filter and tiles. */
export const paymentStatusLabels = (label: Label): Record<string, string> =>
  Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, label('PAYMENT_STATUSES', s)]));

export const PAYMENT_STATUS_TONE: Record<PaymentStatus, StatusTone> = {
  SUCCESS: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  CANCELLED: 'default',
};

/** Tone of a refund's own status (PROCESSING, SUCCESS, FAILED). */
export function refundTone(status: string): StatusTone {
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED') return 'error';
  if (status === 'PROCESSING') return 'processing';
  return 'default';
}

/** Tone of a dispute status. */
export function disputeTone(status: string): StatusTone {
  if (status === 'WON') return 'success';
  if (status === 'LOST' || status === 'EXPIRED') return 'error';
  if (status === 'EVIDENCE_REQUIRED') return 'warning';
  if (status === 'UNDER_REVIEW') return 'processing';
  return 'default';
}
