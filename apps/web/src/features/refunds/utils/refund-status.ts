import { REFUND_REASONS, REFUND_STATUSES, type RefundStatus } from '@mbo/contracts/refunds';
import type { StatusTone } from '@/components/list/status-tag';
import type { LabelKind } from '@/i18n/use-label';

type Label = (kind: LabelKind, code: string) => string;

const REASON_CODES = Object.fromEntries(REFUND_REASONS.map((r) => [r.value, true]));

/** The words of each refund status in the language in force (useLabel's), for the list's filter. */
export const refundStatusLabels = (label: Label): Record<string, string> =>
  Object.fromEntries(REFUND_STATUSES.map((s) => [s, label('REFUND_STATUSES', s)]));

export const REFUND_STATUS_TONE: Record<RefundStatus, StatusTone> = {
  PROCESSING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
};

/** The label of a refund reason code ("REQUESTED_BY_CUSTOMER" → "Requested by customer"); an unknown code as it is. */
export function refundReasonLabel(label: Label, reason: string): string {
  return Object.hasOwn(REASON_CODES, reason) ? label('REFUND_REASON_CODES', reason) : reason;
}
