import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import type { PaymentDetail } from '@mbo/contracts/payments';
import { humanizeCode } from '@mbo/contracts/status-labels';
import { CopyableText, DetailCard, DetailFigures, DetailTime } from '@/components/detail/detail-cards';
import { DetailTimeline } from '@/components/detail/detail-timeline';
import MoneyText from '@/components/list/money-text';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { displayFeeRule } from '@/lib/display-fee-rule';
import { displayMoney } from '@/lib/display-money';
import { disputeTone, PAYMENT_STATUS_TONE, refundTone } from '../utils/payment-status';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { useEventNote } from '@/components/detail/event-note';
import { RecordText } from '@/components/record-text';

type Props = { payment: PaymentDetail };

/** Gross, fee (with the fee rule that priced it), net and refunded. */
export function AmountsCard({ payment }: Props) {
  const money = (minor: number) => displayMoney(minor, payment.currency);
  const rule = payment.feeRule ? displayFeeRule(payment.feeRule) : null;
  const { t } = useTranslation('payments', { keyPrefix: 'amounts' });
  return (
    <DetailCard title={t('title')}>
      <DetailFigures
        figures={[
          { label: t('gross'), value: money(payment.amount) },
          {
            label: t('fee'),
            value: `${payment.fee ? '−' : ''}${money(payment.fee)}`,
            note: rule ? (
              <>
                <span className="mbo-visually-hidden">{t('feeRule')}</span>
                <span title={t('feeRuleTitle')}>{rule}</span>
              </>
            ) : null,
          },
          { label: t('net'), value: money(payment.net) },
          { label: t('refunded'), value: money(payment.refundedAmount) },
        ]}
      />
    </DetailCard>
  );
}

/** The payment's events, oldest first; a dot's colour is its status's tone. */
export function PaymentTimelineCard({ payment }: Props) {
  const { t } = useTranslation('payments', { keyPrefix: 'events' });
  const label = useLabel();
  const eventNote = useEventNote();
  return (
    <DetailTimeline
      events={payment.events.map((e, i) => ({
        key: `${e.type}-${i}`,
        title: t(e.type, { defaultValue: humanizeCode(e.type) }),
        status: e.status ? label('PAYMENT_STATUSES', e.status) : null,
        at: e.at,
        note: eventNote(e),
        tone: (e.status && PAYMENT_STATUS_TONE[e.status as keyof typeof PAYMENT_STATUS_TONE]) || 'processing',
      }))}
    />
  );
}

/** Order facts: merchant order number, description, times, link, subscription, failure reason. */
export function DetailsCard({ payment }: Props) {
  const linkId = payment.paymentLinkId;
  const { t } = useTranslation('payments', { keyPrefix: 'details' });
  const agreement = payment.agreement;
  return (
    <DetailCard
      title={t('title')}
      zone
      facts={[
        [
          t('merchantOrderNo'),
          payment.merchantOrderNo && <CopyableText text={payment.merchantOrderNo} label={t('merchantOrderNoLower')} />,
        ],
        [t('description'), payment.description],
        [t('created'), <DetailTime iso={payment.createdAt} />],
        [t('paid'), <DetailTime iso={payment.paidAt} />],
        !!linkId && [
          t('paymentLink'),
          <CopyableText text={linkId} label={t('paymentLinkId')} mono>
            <Link to={`/transactions/payment_link/detail?linkId=${encodeURIComponent(linkId)}`}>{linkId}</Link>
          </CopyableText>,
        ],
        !!agreement && [
          t('subscription'),
          <CopyableText text={agreement.agreementId} label={t('agreementId')} mono>
            <Link to={`/subscription/agreements/detail?agreementId=${encodeURIComponent(agreement.agreementId)}`}>
              {agreement.agreementId}
            </Link>
            <Typography.Text type="secondary">
              {agreement.attempt
                ? t('cycleRetry', { cycle: agreement.cycle, attempt: agreement.attempt })
                : t('cycle', { cycle: agreement.cycle })}
            </Typography.Text>
          </CopyableText>,
        ],
        !!payment.failureReason && [
          t('failureReason'),
          <Typography.Text type="danger">
            <RecordText text={payment.failureReason} />
          </Typography.Text>,
        ],
      ]}
    />
  );
}

export function CustomerCard({ payment }: Props) {
  const { t } = useTranslation('payments', { keyPrefix: 'customer' });
  return (
    <DetailCard
      title={t('title')}
      facts={[
        [t('name'), payment.customerName],
        [t('email'), payment.customerEmail && <CopyableText text={payment.customerEmail} label={t('emailLower')} />],
        [t('country'), payment.country],
      ]}
    />
  );
}

export function MethodCard({ payment }: Props) {
  const { t } = useTranslation('payments', { keyPrefix: 'method' });
  const label = useLabel();
  return (
    <DetailCard
      title={t('title')}
      facts={[
        [t('method'), label('PAYMENT_METHOD_NAMES', payment.payMethodName)],
        [t('type'), label('PAYMENT_METHOD_TYPES', payment.payMethodType)],
        !!payment.cardMasked && [t('card'), <span className="mbo-detail-mono">{payment.cardMasked}</span>],
      ]}
    />
  );
}

interface RelatedRecordProps {
  kind: string;
  /** The record, or null: then `none` is said. */
  record: { id: string; to: string; amount: number; status: ReactNode; line: ReactNode } | null;
  currency: string;
  none: string;
}

/** A record this payment led to (its refund, its dispute): id linked to its page, amount, status, one line. */
function RelatedRecord({ kind, record, currency, none }: RelatedRecordProps) {
  return (
    <div>
      <Typography.Text type="secondary" className="mbo-payment-related__kind">
        {kind}
      </Typography.Text>
      {record ? (
        <div>
          <Link to={record.to} className="mbo-detail-mono">
            {record.id}
          </Link>
          <div className="mbo-payment-related__figures">
            <MoneyText amount={record.amount} currency={currency} strong />
            {record.status}
          </div>
          <Typography.Text type="secondary" className="mbo-payment-related__line">
            {record.line}
          </Typography.Text>
        </div>
      ) : (
        <div>
          <Typography.Text type="secondary">{none}</Typography.Text>
        </div>
      )}
    </div>
  );
}

const tag = (tone: StatusTone, label: string) => <StatusTag tone={tone}>{label}</StatusTag>;

/** The refund of this payment (one at most) and its dispute, linked to their pages. */
export function RelatedCard({ payment }: Props) {
  const { refund, dispute } = payment;
  const { t } = useTranslation('payments', { keyPrefix: 'related' });
  const label = useLabel();
  return (
    <DetailCard title={t('title')}>
      <Space orientation="vertical" size={14} style={{ width: '100%' }}>
        <RelatedRecord
          kind={t('refund')}
          currency={payment.currency}
          none={t('notRefunded')}
          record={
            refund && {
              id: refund.refundId,
              to: `/transactions/refunds_detail?refundId=${encodeURIComponent(refund.refundId)}`,
              amount: refund.amount,
              status: tag(refundTone(refund.status), label('REFUND_STATUSES', refund.status)),
              line: (
                <>
                  {label('REFUND_REASON_CODES', refund.reason)} · <DetailTime iso={refund.createdAt} />
                </>
              ),
            }
          }
        />
        <RelatedRecord
          kind={t('dispute')}
          currency={payment.currency}
          none={t('noDispute')}
          record={
            dispute && {
              id: dispute.disputeId,
              to: `/transactions/disputes/detail?disputeId=${encodeURIComponent(dispute.disputeId)}`,
              amount: dispute.amount,
              status: tag(disputeTone(dispute.status), label('DISPUTE_STATUSES', dispute.status)),
              line: (
                <>
                  {label('DISPUTE_TYPES', dispute.type)} · {label('DISPUTE_REASON_CODES', dispute.reason)}
                  {dispute.dueAt ? (
                    <>
                      {' '}
                      · {t('due')} <DetailTime iso={dispute.dueAt} />
                    </>
                  ) : null}
                </>
              ),
            }
          }
        />
      </Space>
    </DetailCard>
  );
}
