import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Typography } from 'antd';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { codeLabel, PAYMENT_METHOD_NAME_LABELS } from '@mbo/contracts/code-labels';
import { disputeReasonOf } from '@mbo/contracts/dispute-reasons';
import type { DisputeDetail } from '@mbo/contracts/disputes';
import { DISPUTE_TYPE_LABELS } from '@mbo/contracts/lists/disputes-list';
import { maskCard } from '@mbo/contracts/money';
import { CopyableText, DetailCard, DetailTime } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { displayMoney } from '@/lib/display-money';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import {
  DISPUTE_STATUS_LABEL,
  DISPUTE_STATUS_TONE,
  dueState,
  evidenceChecklist,
  paymentDetailPath,
} from '../utils/dispute-status';

type Props = { dispute: DisputeDetail };

export function DisputeStatusTag({ dispute }: Props) {
  return (
    <StatusTag tone={DISPUTE_STATUS_TONE[dispute.status]}>
      {DISPUTE_STATUS_LABEL[dispute.status] ?? dispute.status}
    </StatusTag>
  );
}

/** Under the status in the header: the kind, the reason, the payment. */
export function DisputeOrigin({ dispute }: Props) {
  return (
    <Typography.Text type="secondary">
      {DISPUTE_TYPE_LABELS[dispute.type]} · {disputeReasonOf(dispute.reason).label} · on payment{' '}
      <Link to={paymentDetailPath(dispute.paymentId)} className="mbo-detail-mono">
        {dispute.paymentId}
      </Link>
    </Typography.Text>
  );
}

/** What the dispute's state means for the merchant, above the cards. */
export function DisputeNotice({ dispute }: Props) {
  const held = displayMoney(dispute.amount + dispute.fee, dispute.currency);
  switch (dispute.status) {
    case 'EVIDENCE_REQUIRED': {
      const left = dispute.dueAt ? ` (${dueState(dispute.dueAt).countdown.toLowerCase()})` : '';
      return (
        <Alert
          type={dispute.dueAt && dueState(dispute.dueAt).tone !== 'normal' ? 'error' : 'warning'}
          showIcon
          title={`Your answer is needed${left}`}
          description={`${held} (the amount and the dispute fee) is held from your balance. Submit evidence before the due date, or accept the dispute. Without an answer it is lost.`}
        />
      );
    }
    case 'UNDER_REVIEW':
      return (
        <Alert
          type="info"
          showIcon
          title="Evidence submitted"
          description="The card network is reviewing your evidence. It can no longer be changed. This page updates by itself."
        />
      );
    case 'WON':
      return (
        <Alert
          type="success"
          showIcon
          title="You won this dispute"
          description={`${held} was released to your available balance.`}
        />
      );
    case 'LOST':
      return (
        <Alert
          type="error"
          showIcon
          title="You lost this dispute"
          description={`The amount went back to the cardholder and the fee of ${displayMoney(dispute.fee, dispute.currency)} was charged.`}
        />
      );
    case 'ACCEPTED':
      return (
        <Alert
          type="info"
          showIcon
          title="You accepted this dispute"
          description={`The amount went back to the cardholder and the fee of ${displayMoney(dispute.fee, dispute.currency)} was charged.`}
        />
      );
    case 'EXPIRED':
      return (
        <Alert
          type="error"
          showIcon
          title="The due date passed without an answer"
          description={`The dispute was lost: the amount went back to the cardholder and the fee of ${displayMoney(dispute.fee, dispute.currency)} was charged.`}
        />
      );
    default:
      return null;
  }
}

/** The due date and a countdown that ticks every minute; red within 3 days, "Overdue" after. */
export function DueCard({ dispute }: Props) {
  const tz = useGlobalState().user?.timeZone;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  if (!dispute.dueAt) return null;
  const due = dueState(dispute.dueAt, now);
  return (
    <DetailCard title="Evidence due">
      <div className={`mbo-dispute-countdown mbo-dispute-countdown--${due.tone}`} role="timer" aria-live="off">
        {due.countdown}
      </div>
      <Typography.Text type="secondary">
        {formatDateTime(dispute.dueAt, tz)} {timeZoneLabel(tz)}
      </Typography.Text>
    </DetailCard>
  );
}

/** The reason in plain words, what wins it, and its evidence checklist ticked by what the dispute holds. */
export function ReasonCard({ dispute }: Props) {
  const reason = disputeReasonOf(dispute.reason);
  const checklist = evidenceChecklist(dispute.reason, dispute.evidence, dispute.files);
  return (
    <DetailCard title={`Reason: ${reason.label} (${reason.networkCode})`}>
      <Typography.Paragraph>{reason.explanation}</Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text strong>What wins it: </Typography.Text>
        {reason.howToWin}
      </Typography.Paragraph>
      <Typography.Text strong>Evidence checklist</Typography.Text>
      <ul className="mbo-dispute-checklist" aria-label="Evidence checklist">
        {checklist.map(({ item, done }) => (
          <li key={item.label}>
            {done ? (
              <CheckCircleFilled className="done" aria-label="Provided" />
            ) : (
              <MinusCircleOutlined className="todo" aria-label="Missing" />
            )}
            <span>{item.label}</span>
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}

/** Amount, fee, where the money is held, times. */
export function DisputeFactsCard({ dispute }: Props) {
  const { authUrls } = useGlobalState();
  const source =
    dispute.fundingSource === 'BATCH'
      ? 'The payment\u2019s unsettled batch (a dispute adjustment of its settlement)'
      : 'Your available balance';
  return (
    <DetailCard
      title="Dispute details"
      zone
      facts={[
        ['Disputed amount', <MoneyText amount={dispute.amount} currency={dispute.currency} strong />],
        ['Dispute fee', <MoneyText amount={dispute.fee} currency={dispute.currency} />],
        ['Held from', source],
        !!dispute.settlementId && [
          'Settlement',
          authUrls.includes('/settlements/detail') ? (
            <Link
              to={`/settlements/detail?settlementId=${encodeURIComponent(dispute.settlementId)}`}
              className="mbo-detail-mono"
            >
              {dispute.settlementId}
            </Link>
          ) : (
            dispute.settlementId
          ),
        ],
        ['Kind', DISPUTE_TYPE_LABELS[dispute.type]],
        ['Opened', <DetailTime iso={dispute.createdAt} />],
        ['Evidence submitted', <DetailTime iso={dispute.submittedAt} />],
        ['Decided', <DetailTime iso={dispute.decidedAt} />],
      ]}
    />
  );
}

/** The disputed payment. */
export function DisputePaymentCard({ dispute }: Props) {
  const p = dispute.payment;
  const card = maskCard(p.cardBin, p.cardLast4);
  return (
    <DetailCard
      title="Payment"
      facts={[
        [
          'Payment ID',
          <Link to={paymentDetailPath(p.paymentId)} className="mbo-detail-mono">
            {p.paymentId}
          </Link>,
        ],
        ['Amount', <MoneyText amount={p.amount} currency={p.currency} />],
        ['Customer', p.customerEmail && <CopyableText text={p.customerEmail} label="customer email" />],
        ['Method', `${codeLabel(PAYMENT_METHOD_NAME_LABELS, p.payMethodName)}${card ? ` ${card}` : ''}`],
        ['Paid', <DetailTime iso={p.createdAt} />],
      ]}
    />
  );
}
