import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Space, Tooltip, Typography } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { formatMoney } from '@mbo/contracts/money';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import { isOrderNotFound, paymentDetailQueryOptions } from '../api/get-payment-detail';
import { PaymentStatusCell } from '../components/payments-table';
import {
  AmountsCard,
  CustomerCard,
  DetailsCard,
  MethodCard,
  RelatedCard,
  TimelineCard,
} from '../components/payment-detail-sections';
import RefundModal from '../components/refund-modal';
import '../components/payments.css';

const BACK = { to: '/transactions/payments', label: 'Payments' };
export const NO_REFUND_PERMISSION = 'Your role cannot refund payments.';

/** /transactions/payments_detail?paymentId=: one payment, its timeline, refund and dispute; the refund action. */
export default function PaymentDetailPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId')?.trim() ?? '';
  const { hasPermission } = useGlobalState();
  const [refunding, setRefunding] = useState(false);
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
    <Button icon={<RollbackOutlined />} disabled={!!blocked} onClick={() => setRefunding(true)} aria-describedby={blocked ? 'refund-blocked' : undefined}>
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
            <span className="mbo-detail-hero__amount">{formatMoney(payment.amount, payment.currency)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 500 }}>{payment.currency}</Typography.Text>
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
          <PaymentStatusCell record={payment} />
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
      {refunding ? <RefundModal payment={payment} open onClose={() => setRefunding(false)} /> : null}
    </>
  );
}
