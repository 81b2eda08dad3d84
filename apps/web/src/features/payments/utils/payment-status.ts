import type { PaymentStatus, RefundState } from '@mbo/contracts/payments';
import type { StatusTone } from '@/components/list/status-tag';

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  SUCCESS: 'Succeeded',
  PENDING: 'Pending',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

export const PAYMENT_STATUS_TONE: Record<PaymentStatus, StatusTone> = {
  SUCCESS: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  CANCELLED: 'default',
};

export const REFUND_STATE_LABEL: Record<RefundState, string | null> = {
  NONE: null,
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
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
