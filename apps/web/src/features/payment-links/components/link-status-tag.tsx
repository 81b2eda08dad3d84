import { Tag } from 'antd';
import type { PaymentLinkStatus } from '@mbo/contracts/payment-links';
import { PAYMENT_LINK_STATUSES } from '@mbo/contracts/payment-links';
import { useLabel } from '@/i18n/use-label';

/** The statuses' words in the language in force (the contracts' tables, `labels` namespace). */
export function useStatusLabels(): Readonly<Record<PaymentLinkStatus, string>> {
  const label = useLabel();
  return Object.fromEntries(PAYMENT_LINK_STATUSES.map((s) => [s, label('PAYMENT_LINK_STATUSES', s)])) as Record<
    PaymentLinkStatus,
    string
  >;
}

const COLORS: Record<PaymentLinkStatus, string> = {
  ACTIVE: 'processing',
  PAID: 'success',
  EXPIRED: 'default',
  DEACTIVATED: 'error',
};

export function LinkStatusTag({ status }: { status: PaymentLinkStatus }) {
  const label = useLabel();
  return (
    <Tag color={COLORS[status]} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {label('PAYMENT_LINK_STATUSES', status)}
    </Tag>
  );
}
