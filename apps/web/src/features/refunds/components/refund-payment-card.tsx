import { Link } from 'react-router';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { RefundDetail } from '@mbo/contracts/refunds';
import { PAYMENT_STATUS_LABELS, statusLabel } from '@mbo/contracts/status-labels';
import { CopyableText, DetailCard, DetailTime } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { paymentDetailPath } from '../utils/refund-paths';

const PAYMENT_TONE: Record<PaymentStatus, StatusTone> = {
  SUCCESS: 'success',
  FAILED: 'error',
  PENDING: 'warning',
  CANCELLED: 'default',
};

/** The payment a refund belongs to, linked to its detail. */
export function RefundPaymentCard({ payment }: { payment: RefundDetail['payment'] }) {
  const href = paymentDetailPath(payment.paymentId);
  return (
    <DetailCard
      title="Payment"
      extra={<Link to={href}>View payment</Link>}
      facts={[
        [
          'Payment ID',
          <CopyableText text={payment.paymentId} label="payment ID" mono>
            <Link to={href} aria-label={`Payment ${payment.paymentId}`}>
              {payment.paymentId}
            </Link>
          </CopyableText>,
        ],
        ['Amount', <MoneyText amount={payment.amount} currency={payment.currency} strong />],
        [
          'Status',
          <StatusTag tone={PAYMENT_TONE[payment.status as PaymentStatus] ?? 'default'}>
            {statusLabel(PAYMENT_STATUS_LABELS, payment.status)}
          </StatusTag>,
        ],
        ['Customer', payment.customerEmail],
        ['Created', <DetailTime iso={payment.createdAt} />],
      ]}
    />
  );
}
