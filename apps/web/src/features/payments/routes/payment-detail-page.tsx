import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Space, Tooltip, Typography } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import type { PaymentDetail } from '@mbo/contracts/payments';
import { DISPUTE_STATUS_LABELS, PAYMENT_STATUS_LABELS, REFUND_STATE_LABELS, statusLabel } from '@mbo/contracts/status-labels';
import PageHeader from '@/components/page-header';
import StatusTag from '@/components/list/status-tag';
import { displayMoney } from '@/lib/display-money';
import { useGlobalState } from '@/lib/global-state';
import { isOrderNotFound, paymentDetailQueryOptions } from '../api/get-payment-detail';
import {
  AmountsCard,
  CustomerCard,
  DetailsCard,
  MethodCard,
  RelatedCard,
  TimelineCard,
} from '../components/payment-detail-sections';
import RefundModal from '../components/refund-modal';
import { disputeTone, PAYMENT_STATUS_TONE } from '../utils/payment-status';
import '../components/payments.css';

const BACK = { to: '/transactions/payments', label: 'Payments' };
export const NO_REFUND_PERMISSION = 'Your role cannot refund payments.';

/** The payment's status, with how much was refunded and its dispute, in the words of every other screen. */
function PaymentStatusTags({ payment }: { payment: Pick<PaymentDetail, 'status' | 'refundStatus' | 'disputeStatus'> }) {
  return (
    <Space size={4} wrap>
      <StatusTag tone={PAYMENT_STATUS_TONE[payment.status]}>{statusLabel(PAYMENT_STATUS_LABELS, payment.status)}</StatusTag>
      {payment.refundStatus !== 'NONE' ? <StatusTag tone="processing">{statusLabel(REFUND_STATE_LABELS, payment.refundStatus)}</StatusTag> : null}
      {payment.disputeStatus ? (
        <StatusTag tone={disputeTone(payment.disputeStatus)}>Dispute: {statusLabel(DISPUTE_STATUS_LABELS, payment.disputeStatus)}</StatusTag>
      ) : null}
    </Space>
  );
}

/** /transactions/payments_detail?paymentId=: one payment, its timeline, refund and dispute; the refund action. */
export default function PaymentDetailPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId')?.trim() ?? '';
  const { hasPermission } = useGlobalState();
  // Each opening of the refund dialog is a new dialog (its own idempotency key); it stays mounted
  // while it closes, so it can hand focus back to the Refund button.
  const [refund, setRefund] = useState({ open: false, opening: 0 });
  const query = useQuery({ ...paymentDetailQueryOptions(paymentId), enabled: !!paymentId });

  if (!paymentId || isOrderNotFound(query.error)) {
    return (
      <>
        <PageHeader back={BACK} eyebrow="Transactions" title="Payment detail" />
        <Result status="404" title="Order not found." subTitle={paymentId ? `No payment ${paymentId} in this merchant.` : 'No payment id given.'} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader back={BACK} eyebrow="Transactions" title="Payment detail" />
        <Alert
          type="error"
          showIcon
          title={query.error instanceof Error ? query.error.message : 'The payment could not be loaded.'}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      </>
    );
  }
  const payment = query.data;
  if (!payment) {
    return (
      <>
        <PageHeader back={BACK} eyebrow="Transactions" title="Payment detail" />
        <Skeleton active paragraph={{ rows: 10 }} aria-label="Loading payment" />
      </>
    );
  }

  const canRefund = hasPermission('API_PAYMENT_REFUND');
  const blocked = !canRefund ? NO_REFUND_PERMISSION : payment.refundBlockedReason;
  const refundButton = (
    <Button icon={<RollbackOutlined />} disabled={!!blocked} onClick={() => setRefund((r) => ({ open: true, opening: r.opening + 1 }))} aria-describedby={blocked ? 'refund-blocked' : undefined}>
      Refund
    </Button>
  );

  return (
    <>
      <PageHeader
        back={BACK}
        eyebrow="Payment"
        title={
          <span className="mbo-detail-hero">
            <span className="mbo-detail-hero__amount">{displayMoney(payment.amount, payment.currency)}</span>
          </span>
        }
        extra={
          blocked ? (
            <Tooltip title={blocked}>
              <span>{refundButton}</span>
            </Tooltip>
          ) : (
            refundButton
          )
        }
      >
        <Space wrap size={12} align="center">
          <PaymentStatusTags payment={payment} />
          <Typography.Text type="secondary">
            Payment ID{' '}
            <Typography.Text copyable={{ text: payment.paymentId, tooltips: ['Copy payment ID', 'Copied'] }} className="mbo-mono">
              {payment.paymentId}
            </Typography.Text>
          </Typography.Text>
          {blocked ? (
            <span id="refund-blocked" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {blocked}
            </span>
          ) : null}
        </Space>
      </PageHeader>
      <div className="mbo-detail-grid">
        <div>
          <AmountsCard payment={payment} />
          <TimelineCard payment={payment} />
          <DetailsCard payment={payment} />
        </div>
        <div>
          <RelatedCard payment={payment} />
          <CustomerCard payment={payment} />
          <MethodCard payment={payment} />
        </div>
      </div>
      {refund.opening > 0 ? (
        <RefundModal key={refund.opening} payment={payment} open={refund.open} onClose={() => setRefund((r) => ({ ...r, open: false }))} />
      ) : null}
    </>
  );
}
