import { REFUND_REASONS, type RefundStatus } from '@mbo/contracts/refunds';
import type { StatusTone } from '@/components/list/status-tag';

export const REFUND_STATUS_LABEL: Record<RefundStatus, string> = {
  PROCESSING: 'Processing',
  SUCCESS: 'Succeeded',
  FAILED: 'Failed',
};

export const REFUND_STATUS_TONE: Record<RefundStatus, StatusTone> = {
  PROCESSING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
};

/** The label of a refund reason code ("REQUESTED_BY_CUSTOMER" → "Requested by customer"). */
export function refundReasonLabel(reason: string): string {
  return REFUND_REASONS.find((r) => r.value === reason)?.label ?? reason;
}
