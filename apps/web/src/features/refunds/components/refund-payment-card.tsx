import { Link } from 'react-router';
import { Button, Card, Typography } from 'antd';
import type { RefundDetail } from '@mbo/contracts/refunds';
import MoneyText from '@/components/list/money-text';
import StatusTag, { humanizeStatus, type StatusTone } from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { paymentDetailPath } from '../utils/refund-paths';

const PAYMENT_TONE: Record<string, StatusTone> = { SUCCESS: 'success', FAILED: 'error', PENDING: 'warning', CANCELLED: 'default' };

/** The payment a refund belongs to, linked to its detail. */
export function RefundPaymentCard({ payment, timeZone }: { payment: RefundDetail['payment']; timeZone: string | undefined }) {
  const href = paymentDetailPath(payment.paymentId);
  return (
    <Card title="Payment" extra={<Link to={href}>View payment</Link>}>
      <dl className="mbo-refund-facts">
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
          <MoneyText amount={payment.amount} currency={payment.currency} strong />
        </dd>
        <dt>Status</dt>
        <dd>
          <StatusTag tone={PAYMENT_TONE[payment.status] ?? 'default'}>{humanizeStatus(payment.status)}</StatusTag>
        </dd>
        <dt>Customer</dt>
        <dd>{payment.customerEmail || '—'}</dd>
        <dt>Paid on</dt>
        <dd style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(payment.createdAt, timeZone)}</dd>
      </dl>
      <Link to={href}>
        <Button block style={{ marginTop: 16 }}>
          Open the payment
        </Button>
      </Link>
    </Card>
  );
}
