import { Link } from 'react-router';
import { Alert, Typography } from 'antd';
import type { RefundDetail } from '@mbo/contracts/refunds';
import { CopyableText, DetailCard, DetailTime } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { paymentDetailPath } from '../utils/refund-paths';
import { REFUND_STATUS_TONE, refundReasonLabel } from '../utils/refund-status';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { RecordText } from '@/components/record-text';
import { useRecordText } from '@/i18n/use-record-text';

type Props = { refund: RefundDetail };

export function RefundStatusTag({ refund }: Props) {
  const label = useLabel();
  return <StatusTag tone={REFUND_STATUS_TONE[refund.status]}>{label('REFUND_STATUSES', refund.status)}</StatusTag>;
}

/** Under the status in the header: why, and the payment it gives back. */
export function RefundOrigin({ refund }: Props) {
  const { t } = useTranslation('refunds', { keyPrefix: 'detail' });
  const label = useLabel();
  return (
    <Typography.Text type="secondary">
      {refundReasonLabel(label, refund.reason)}
      {t('origin')}
      <Link to={paymentDetailPath(refund.paymentId)} className="mbo-detail-mono">
        {refund.paymentId}
      </Link>
    </Typography.Text>
  );
}

/** What a refund that has not succeeded means for the merchant's money, above the cards. */
export function RefundNotice({ refund }: Props) {
  const { t } = useTranslation('refunds', { keyPrefix: 'detail' });
  const words = useRecordText();
  if (refund.status === 'FAILED') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('failedTitle')}
        description={`${refund.failureReason ? t('failedReason', { reason: words(refund.failureReason) }) : ''}${t('failedBody')}`}
      />
    );
  }
  if (refund.status === 'PROCESSING') {
    return <Alert type="info" showIcon title={t('processingTitle')} description={t('processingBody')} />;
  }
  return null;
}

/** Amount, status, reason and note, failure, order number and times. */
export function RefundFactsCard({ refund }: Props) {
  const { t } = useTranslation('refunds', { keyPrefix: 'detail' });
  const label = useLabel();
  return (
    <DetailCard
      title={t('factsTitle')}
      zone
      facts={[
        [t('amount'), <MoneyText amount={refund.amount} currency={refund.currency} strong />],
        [t('status'), <RefundStatusTag refund={refund} />],
        [t('reason'), refundReasonLabel(label, refund.reason)],
        [t('note'), refund.note],
        !!refund.failureReason && [
          t('failureReason'),
          <Typography.Text type="danger">
            <RecordText text={refund.failureReason} />
          </Typography.Text>,
        ],
        [
          t('merchantOrderNo'),
          refund.merchantOrderNo && <CopyableText text={refund.merchantOrderNo} label={t('merchantOrderNoLower')} />,
        ],
        [t('requested'), <DetailTime iso={refund.createdAt} />],
        [t('finished'), <DetailTime iso={refund.finishedAt} />],
      ]}
    />
  );
}
