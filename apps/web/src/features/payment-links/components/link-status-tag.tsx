import { Tag } from 'antd';
import type { PaymentLinkStatus } from '@mbo/contracts/payment-links';
import { PAYMENT_LINK_STATUS_LABELS } from '@mbo/contracts/status-labels';

/** The words of the one source (packages/contracts/src/status-labels.ts). */
export const STATUS_LABELS: Readonly<Record<PaymentLinkStatus, string>> = PAYMENT_LINK_STATUS_LABELS;

const COLORS: Record<PaymentLinkStatus, string> = {
  ACTIVE: 'processing',
  PAID: 'success',
  EXPIRED: 'default',
  DEACTIVATED: 'error',
};

export function LinkStatusTag({ status }: { status: PaymentLinkStatus }) {
  return (
    <Tag color={COLORS[status]} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {STATUS_LABELS[status]}
    </Tag>
  );
}
