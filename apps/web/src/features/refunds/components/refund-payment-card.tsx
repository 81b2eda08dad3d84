import { Link } from 'react-router';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { RefundDetail } from '@mbo/contracts/refunds';
import { CopyableText, DetailCard, DetailTime } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { paymentDetailPath } from '../utils/refund-paths';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

const PAYMENT_TONE: Record<PaymentStatus, StatusTone> = {
  SUCCESS: 'success',
  FAILED: 'error',
  PENDING: 'warning',
  CANCELLED: 'default',
};

/** The payment a refund belongs to, linked to its detail. */
export function RefundPaymentCard({ payment }: { payment: RefundDetail['payment'] }) {
  const href = paymentDetailPath(payment.paymentId);
  const { t } = useTranslation('refunds', { keyPrefix: 'payment' });
  const label = useLabel();
  return (
    <DetailCard
      title={t('title')}
      extra={<Link to={href}>{t('view')}</Link>}
      facts={[
        [
          t('paymentId'),
          <CopyableText text={payment.paymentId} label={t('paymentIdLower')} mono>
            <Link to={href} aria-label={t('paymentAria', { id: payment.paymentId })}>
              {payment.paymentId}
            </Link>
          </CopyableText>,
        ],
        [t('amount'), <MoneyText amount={payment.amount} currency={payment.currency} strong />],
        [
          t('status'),
          <StatusTag tone={PAYMENT_TONE[payment.status as PaymentStatus] ?? 'default'}>
            {label('PAYMENT_STATUSES', payment.status)}
          </StatusTag>,
        ],
        [t('customer'), payment.customerEmail],
        [t('created'), <DetailTime iso={payment.createdAt} />],
      ]}
    />
  );
}
