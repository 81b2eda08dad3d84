import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tooltip } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import type { PaymentDetail } from '@mbo/contracts/payments';
import DetailPage from '@/components/detail/detail-page';
import { useDetailId } from '@/components/detail/use-detail-id';
import StatusTag from '@/components/list/status-tag';
import { displayMoney } from '@/lib/display-money';
import { useGlobalState } from '@/lib/global-state';
import { paymentDetailQueryOptions } from '../api/get-payment-detail';
import {
  AmountsCard,
  CustomerCard,
  DetailsCard,
  MethodCard,
  PaymentTimelineCard,
  RelatedCard,
} from '../components/payment-detail-sections';
import { PaymentSettlementCard } from '../components/payment-settlement-card';
import RefundModal from '../components/refund-modal';
import { disputeTone, PAYMENT_STATUS_TONE } from '../utils/payment-status';
import '../components/payments.css';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

/** The payment's status, with how much was refunded and its dispute, in the words of every other screen. */
function PaymentStatusTags({ payment }: { payment: Pick<PaymentDetail, 'status' | 'refundStatus' | 'disputeStatus'> }) {
  const { t } = useTranslation('payments', { keyPrefix: 'table' });
  const label = useLabel();
  return (
    <Space size={4} wrap>
      <StatusTag tone={PAYMENT_STATUS_TONE[payment.status]}>{label('PAYMENT_STATUSES', payment.status)}</StatusTag>
      {payment.refundStatus !== 'NONE' ? (
        <StatusTag tone="processing">{label('REFUND_STATES', payment.refundStatus)}</StatusTag>
      ) : null}
      {payment.disputeStatus ? (
        <StatusTag tone={disputeTone(payment.disputeStatus)}>
          {t('dispute', { status: label('DISPUTE_STATUSES', payment.disputeStatus) })}
        </StatusTag>
      ) : null}
    </Space>
  );
}

/**
 * The Refund button (API_PAYMENT_REFUND), disabled with its reason when the role or the payment does
 * not allow one, and its dialog. Each opening is a new dialog (its own idempotency key); it stays
 * mounted while it closes, so it can hand focus back to the button.
 */
function RefundAction({ payment }: { payment: PaymentDetail }) {
  const { hasPermission } = useGlobalState();
  const { t } = useTranslation('payments', { keyPrefix: 'detail' });
  const label = useLabel();
  const [refund, setRefund] = useState({ open: false, opening: 0 });
  const blocked = !hasPermission('API_PAYMENT_REFUND')
    ? t('noRefundPermission')
    : payment.refundBlocked && label('REFUND_BLOCKS', payment.refundBlocked);
  const button = (
    <Button
      icon={<RollbackOutlined />}
      disabled={!!blocked}
      onClick={() => setRefund((r) => ({ open: true, opening: r.opening + 1 }))}
      aria-describedby={blocked ? 'refund-blocked' : undefined}
    >
      {t('refund')}
    </Button>
  );
  return (
    <>
      {blocked ? (
        <>
          <Tooltip title={blocked}>
            <span>{button}</span>
          </Tooltip>
          <span id="refund-blocked" className="mbo-visually-hidden">
            {blocked}
          </span>
        </>
      ) : (
        button
      )}
      {refund.opening > 0 ? (
        <RefundModal
          key={refund.opening}
          payment={payment}
          open={refund.open}
          onClose={() => setRefund((r) => ({ ...r, open: false }))}
        />
      ) : null}
    </>
  );
}

/**
 * /transactions/payments_detail?paymentId=: one payment, its timeline, settlement, refund and dispute; the refund
 * action.
 */
export default function PaymentDetailPage() {
  const id = useDetailId('paymentId');
  const query = useQuery({ ...paymentDetailQueryOptions(id.value), enabled: id.valid });
  const { t } = useTranslation('payments', { keyPrefix: 'detail' });
  return (
    <DetailPage<PaymentDetail>
      noun={t('noun')}
      list={{ to: '/transactions/payments', label: t('list') }}
      id={id}
      query={query}
      header={(payment) => ({
        title: displayMoney(payment.amount, payment.currency),
        status: <PaymentStatusTags payment={payment} />,
        actions: <RefundAction payment={payment} />,
      })}
      main={(payment) => (
        <>
          <AmountsCard payment={payment} />
          <PaymentTimelineCard payment={payment} />
          <DetailsCard payment={payment} />
        </>
      )}
      side={(payment) => (
        <>
          <PaymentSettlementCard payment={payment} />
          <RelatedCard payment={payment} />
          <CustomerCard payment={payment} />
          <MethodCard payment={payment} />
        </>
      )}
    />
  );
}
