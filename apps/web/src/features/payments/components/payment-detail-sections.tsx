import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { codeLabel, PAYMENT_METHOD_NAME_LABELS, PAYMENT_METHOD_TYPE_LABELS } from '@mbo/contracts/code-labels';
import { DISPUTE_REASON_LABELS, DISPUTE_TYPE_LABELS } from '@mbo/contracts/lists/disputes-list';
import type { PaymentDetail } from '@mbo/contracts/payments';
import {
  DISPUTE_STATUS_LABELS,
  humanizeCode,
  PAYMENT_STATUS_LABELS,
  REFUND_STATUS_LABELS,
  statusLabel,
} from '@mbo/contracts/status-labels';
import { REFUND_REASONS } from '@mbo/contracts/refunds';
import { CopyableText, DetailCard, DetailFigures, DetailTime } from '@/components/detail/detail-cards';
import { DetailTimeline } from '@/components/detail/detail-timeline';
import MoneyText from '@/components/list/money-text';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { displayFeeRule } from '@/lib/display-fee-rule';
import { displayMoney } from '@/lib/display-money';
import { disputeTone, PAYMENT_STATUS_TONE, refundTone } from '../utils/payment-status';

type Props = { payment: PaymentDetail };

function reasonLabel(reason: string): string {
  return REFUND_REASONS.find((r) => r.value === reason)?.label ?? humanizeCode(reason);
}

/** Gross, fee (with the fee rule that priced it), net and refunded. */
export function AmountsCard({ payment }: Props) {
  const money = (minor: number) => displayMoney(minor, payment.currency);
  const rule = payment.feeRule ? displayFeeRule(payment.feeRule) : null;
  return (
    <DetailCard title="Amounts">
      <DetailFigures
        figures={[
          { label: 'Gross amount', value: money(payment.amount) },
          {
            label: 'Fee',
            value: `${payment.fee ? '−' : ''}${money(payment.fee)}`,
            note: rule ? (
              <>
                <span className="mbo-visually-hidden">Fee rule: </span>
                <span title="The fee rule of the pay-in service that priced this payment">{rule}</span>
              </>
            ) : null,
          },
          { label: 'Net amount', value: money(payment.net) },
          { label: 'Refunded', value: money(payment.refundedAmount) },
        ]}
      />
    </DetailCard>
  );
}

/** The payment's events, oldest first; a dot's colour is its status's tone. */
export function PaymentTimelineCard({ payment }: Props) {
  return (
    <DetailTimeline
      events={payment.events.map((e, i) => ({
        key: `${e.type}-${i}`,
        title: humanizeCode(e.type),
        status: e.status ? statusLabel(PAYMENT_STATUS_LABELS, e.status) : null,
        at: e.at,
        note: e.note,
        tone: (e.status && PAYMENT_STATUS_TONE[e.status as keyof typeof PAYMENT_STATUS_TONE]) || 'processing',
      }))}
    />
  );
}

/** Order facts: merchant order number, description, times, link, subscription, failure reason. */
export function DetailsCard({ payment }: Props) {
  const linkId = payment.paymentLinkId;
  return (
    <DetailCard
      title="Details"
      zone
      facts={[
        [
          'Merchant order no.',
          payment.merchantOrderNo && <CopyableText text={payment.merchantOrderNo} label="merchant order no." />,
        ],
        ['Description', payment.description],
        ['Created', <DetailTime iso={payment.createdAt} />],
        ['Paid', <DetailTime iso={payment.paidAt} />],
        !!linkId && [
          'Payment link',
          <CopyableText text={linkId} label="payment link ID" mono>
            <Link to={`/transactions/payment_link/detail?linkId=${encodeURIComponent(linkId)}`}>{linkId}</Link>
          </CopyableText>,
        ],
        !!payment.agreement && [
          'Subscription',
          <CopyableText text={payment.agreement.agreementId} label="agreement ID" mono>
            <Link
              to={`/subscription/agreements/detail?agreementId=${encodeURIComponent(payment.agreement.agreementId)}`}
            >
              {payment.agreement.agreementId}
            </Link>
            <Typography.Text type="secondary">{` · cycle ${payment.agreement.cycle}${payment.agreement.attempt ? `, retry ${payment.agreement.attempt}` : ''}`}</Typography.Text>
          </CopyableText>,
        ],
        !!payment.failureReason && [
          'Failure reason',
          <Typography.Text type="danger">{payment.failureReason}</Typography.Text>,
        ],
      ]}
    />
  );
}

export function CustomerCard({ payment }: Props) {
  return (
    <DetailCard
      title="Customer"
      facts={[
        ['Name', payment.customerName],
        ['Email', payment.customerEmail && <CopyableText text={payment.customerEmail} label="email" />],
        ['Country', payment.country],
      ]}
    />
  );
}

export function MethodCard({ payment }: Props) {
  return (
    <DetailCard
      title="Payment method"
      facts={[
        ['Method', codeLabel(PAYMENT_METHOD_NAME_LABELS, payment.payMethodName)],
        ['Type', codeLabel(PAYMENT_METHOD_TYPE_LABELS, payment.payMethodType)],
        !!payment.cardMasked && ['Card number', <span className="mbo-detail-mono">{payment.cardMasked}</span>],
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
  return (
    <DetailCard title="Refund and dispute">
      <Space orientation="vertical" size={14} style={{ width: '100%' }}>
        <RelatedRecord
          kind="Refund"
          currency={payment.currency}
          none="Not refunded."
          record={
            refund && {
              id: refund.refundId,
              to: `/transactions/refunds_detail?refundId=${encodeURIComponent(refund.refundId)}`,
              amount: refund.amount,
              status: tag(refundTone(refund.status), statusLabel(REFUND_STATUS_LABELS, refund.status)),
              line: (
                <>
                  {reasonLabel(refund.reason)} · <DetailTime iso={refund.createdAt} />
                </>
              ),
            }
          }
        />
        <RelatedRecord
          kind="Dispute"
          currency={payment.currency}
          none="No dispute."
          record={
            dispute && {
              id: dispute.disputeId,
              to: `/transactions/disputes/detail?disputeId=${encodeURIComponent(dispute.disputeId)}`,
              amount: dispute.amount,
              status: tag(disputeTone(dispute.status), statusLabel(DISPUTE_STATUS_LABELS, dispute.status)),
              line: (
                <>
                  {codeLabel(DISPUTE_TYPE_LABELS, dispute.type)} · {codeLabel(DISPUTE_REASON_LABELS, dispute.reason)}
                  {dispute.dueAt ? (
                    <>
                      {' '}
                      · due <DetailTime iso={dispute.dueAt} />
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
