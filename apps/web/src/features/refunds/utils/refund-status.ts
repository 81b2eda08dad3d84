import { REFUND_REASONS, type RefundStatus } from '@mbo/contracts/refunds';
import { REFUND_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { StatusTone } from '@/components/list/status-tag';

/** The words of the one source (packages/contracts/src/status-labels.ts). */
export const REFUND_STATUS_LABEL: Readonly<Record<RefundStatus, string>> = REFUND_STATUS_LABELS;

export const REFUND_STATUS_TONE: Record<RefundStatus, StatusTone> = {
  PROCESSING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
};

/** The label of a refund reason code ("REQUESTED_BY_CUSTOMER" → "Requested by customer"). */
export function refundReasonLabel(reason: string): string {
  return REFUND_REASONS.find((r) => r.value === reason)?.label ?? reason;
}
