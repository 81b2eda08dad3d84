import { Tag } from 'antd';
import type { PaymentLinkStatus } from '@mbo/contracts/payment-links';

export const STATUS_LABELS: Record<PaymentLinkStatus, string> = {
  ACTIVE: 'Active',
  PAID: 'Paid',
  EXPIRED: 'Expired',
  DEACTIVATED: 'Deactivated',
};

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
