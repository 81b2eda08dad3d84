import { Link } from 'react-router';
import { Alert, Typography } from 'antd';
import type { RefundDetail } from '@mbo/contracts/refunds';
import { CopyableText, DetailCard, DetailTime } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { paymentDetailPath } from '../utils/refund-paths';
import { REFUND_STATUS_LABEL, REFUND_STATUS_TONE, refundReasonLabel } from '../utils/refund-status';

type Props = { refund: RefundDetail };

export function RefundStatusTag({ refund }: Props) {
  return (
    <StatusTag tone={REFUND_STATUS_TONE[refund.status]}>
      {REFUND_STATUS_LABEL[refund.status] ?? refund.status}
    </StatusTag>
  );
}

/** Under the status in the header: why, and the payment it gives back. */
export function RefundOrigin({ refund }: Props) {
  return (
    <Typography.Text type="secondary">
      {refundReasonLabel(refund.reason)} · refund of payment{' '}
      <Link to={paymentDetailPath(refund.paymentId)} className="mbo-detail-mono">
        {refund.paymentId}
      </Link>
    </Typography.Text>
  );
}

/** What a refund that has not succeeded means for the merchant's money, above the cards. */
export function RefundNotice({ refund }: Props) {
  if (refund.status === 'FAILED') {
    return (
      <Alert
        type="error"
        showIcon
        title="This refund failed"
        description={`${refund.failureReason ? `${refund.failureReason}. ` : ''}The amount went back to your available balance; the customer was not refunded.`}
      />
    );
  }
  if (refund.status === 'PROCESSING') {
    return (
      <Alert
        type="info"
        showIcon
        title="This refund is processing"
        description="The amount has left your available balance and is on its way to the customer. This page updates by itself."
      />
    );
  }
  return null;
}

/** Amount, status, reason and note, failure, order number and times. */
export function RefundFactsCard({ refund }: Props) {
  return (
    <DetailCard
      title="Refund details"
      zone
      facts={[
        ['Amount', <MoneyText amount={refund.amount} currency={refund.currency} strong />],
        ['Status', <RefundStatusTag refund={refund} />],
        ['Reason', refundReasonLabel(refund.reason)],
        ['Note', refund.note],
        !!refund.failureReason && [
          'Failure reason',
          <Typography.Text type="danger">{refund.failureReason}</Typography.Text>,
        ],
        [
          'Merchant order no.',
          refund.merchantOrderNo && <CopyableText text={refund.merchantOrderNo} label="merchant order no." />,
        ],
        ['Requested', <DetailTime iso={refund.createdAt} />],
        ['Finished', <DetailTime iso={refund.finishedAt} />],
      ]}
    />
  );
}
