import type { PaymentStatus, RefundState } from '@mbo/contracts/payments';
import { PAYMENT_STATUS_LABELS, REFUND_STATE_LABELS } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

/** The words of the one source (packages/contracts/src/status-labels.ts). */
export const PAYMENT_STATUS_LABEL: Readonly<Record<PaymentStatus, string>> = PAYMENT_STATUS_LABELS;

export const PAYMENT_STATUS_TONE: Record<PaymentStatus, StatusTone> = {
  SUCCESS: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  CANCELLED: 'default',
};

/** A payment's refund state, shown only when something was refunded. */
export const REFUND_STATE_LABEL: Readonly<Record<RefundState, string | null>> = { ...REFUND_STATE_LABELS, NONE: null };

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
