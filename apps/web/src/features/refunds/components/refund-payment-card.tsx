import { Link } from 'react-router';
import { Button, Card, Typography } from 'antd';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { RefundDetail } from '@mbo/contracts/refunds';
import { PAYMENT_STATUS_LABELS, statusLabel } from '@mbo/contracts/status-labels';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { displayMoney } from '@/lib/display-money';
import { formatDateTime } from '@/lib/format-time';
import { paymentDetailPath } from '../utils/refund-paths';

const PAYMENT_TONE: Record<PaymentStatus, StatusTone> = { SUCCESS: 'success', FAILED: 'error', PENDING: 'warning', CANCELLED: 'default' };

/** The payment a refund belongs to, linked to its detail. */
export function RefundPaymentCard({ payment, timeZone }: { payment: RefundDetail['payment']; timeZone: string | undefined }) {
  const href = paymentDetailPath(payment.paymentId);
  return (
    <Card title="Payment" extra={<Link to={href}>View payment</Link>}>
      <dl className="mbo-facts">
        <dt>Payment ID</dt>
        <dd>
          <Typography.Text copyable={{ text: payment.paymentId, tooltips: ['Copy payment ID', 'Copied'] }}>
            <Link to={href} className="mbo-refunds-mono" aria-label={`Payment ${payment.paymentId}`}>
              {payment.paymentId}
            </Link>
          </Typography.Text>
        </dd>
        <dt>Amount</dt>
        <dd>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {displayMoney(payment.amount, payment.currency)}
          </Typography.Text>
        </dd>
        <dt>Status</dt>
        <dd>
          <StatusTag tone={PAYMENT_TONE[payment.status as PaymentStatus] ?? 'default'}>{statusLabel(PAYMENT_STATUS_LABELS, payment.status)}</StatusTag>
        </dd>
        <dt>Customer</dt>
        <dd>{payment.customerEmail || '—'}</dd>
        <dt>Paid on</dt>
        <dd>{formatDateTime(payment.createdAt, timeZone)}</dd>
      </dl>
      <Link to={href}>
        <Button block style={{ marginTop: 16 }}>
          Open the payment
        </Button>
      </Link>
    </Card>
  );
}
