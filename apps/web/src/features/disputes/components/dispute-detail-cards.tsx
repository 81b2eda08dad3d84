import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Typography } from 'antd';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { disputeReasonOf } from '@mbo/contracts/dispute-reasons';
import type { DisputeDetail } from '@mbo/contracts/disputes';
import { maskCard } from '@mbo/contracts/money';
import { CopyableText, DetailCard, DetailTime } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { displayMoney } from '@/lib/display-money';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { DISPUTE_STATUS_TONE, dueState, evidenceChecklist, paymentDetailPath } from '../utils/dispute-status';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

type Props = { dispute: DisputeDetail };

export function DisputeStatusTag({ dispute }: Props) {
  const label = useLabel();
  return <StatusTag tone={DISPUTE_STATUS_TONE[dispute.status]}>{label('DISPUTE_STATUSES', dispute.status)}</StatusTag>;
}

/** Under the status in the header: the kind, the reason, the payment. */
export function DisputeOrigin({ dispute }: Props) {
  const { t } = useTranslation('disputes', { keyPrefix: 'detail' });
  const label = useLabel();
  return (
    <Typography.Text type="secondary">
      {label('DISPUTE_TYPES', dispute.type)} · {label('DISPUTE_REASON_CODES', disputeReasonOf(dispute.reason).code)}
      {t('onPayment')}
      <Link to={paymentDetailPath(dispute.paymentId)} className="mbo-detail-mono">
        {dispute.paymentId}
      </Link>
    </Typography.Text>
  );
}

/** What the dispute's state means for the merchant, above the cards. */
export function DisputeNotice({ dispute }: Props) {
  const { t, i18n } = useTranslation('disputes', { keyPrefix: 'detail' });
  const { t: dueWords } = useTranslation('disputes', { keyPrefix: 'due' });
  const held = displayMoney(dispute.amount + dispute.fee, dispute.currency);
  const fee = displayMoney(dispute.fee, dispute.currency);
  switch (dispute.status) {
    case 'EVIDENCE_REQUIRED': {
      const due = dispute.dueAt ? dueState(dispute.dueAt, dueWords) : null;
      // English lowers the countdown inside the sentence; other languages keep it as it is.
      const countdown = due && i18n.language === 'en' ? due.countdown.toLowerCase() : due?.countdown;
      const left = due ? t('answerNeededLeft', { countdown }) : '';
      return (
        <Alert
          type={due && due.tone !== 'normal' ? 'error' : 'warning'}
          showIcon
          title={t('answerNeeded', { left })}
          description={t('answerNeededBody', { held })}
        />
      );
    }
    case 'UNDER_REVIEW':
      return <Alert type="info" showIcon title={t('submittedTitle')} description={t('submittedBody')} />;
    case 'WON':
      return <Alert type="success" showIcon title={t('wonTitle')} description={t('wonBody', { held })} />;
    case 'LOST':
      return <Alert type="error" showIcon title={t('lostTitle')} description={t('lostBody', { fee })} />;
    case 'ACCEPTED':
      return <Alert type="info" showIcon title={t('acceptedTitle')} description={t('lostBody', { fee })} />;
    case 'EXPIRED':
      return <Alert type="error" showIcon title={t('expiredTitle')} description={t('expiredBody', { fee })} />;
    default:
      return null;
  }
}

/** The due date and a countdown that ticks every minute; red within 3 days, "Overdue" after. */
export function DueCard({ dispute }: Props) {
  const tz = useGlobalState().user?.timeZone;
  const { t } = useTranslation('disputes', { keyPrefix: 'detail' });
  const { t: dueWords } = useTranslation('disputes', { keyPrefix: 'due' });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  if (!dispute.dueAt) return null;
  const due = dueState(dispute.dueAt, dueWords, now);
  return (
    <DetailCard title={t('evidenceDue')}>
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
  const { t } = useTranslation('disputes');
  const label = useLabel();
  const reason = disputeReasonOf(dispute.reason);
  // The reason's words: the contracts' (DISPUTE_REASON_RESOURCE and its zh-CN twin), the `dispute-reasons` namespace.
  const { t: words } = useTranslation('dispute-reasons', { keyPrefix: reason.code });
  const checklist = evidenceChecklist(dispute.reason, dispute.evidence, dispute.files);
  return (
    <DetailCard
      title={t('detail.reasonTitle', {
        reason: label('DISPUTE_REASON_CODES', reason.code),
        code: reason.networkCode,
      })}
    >
      <Typography.Paragraph>{words('explanation')}</Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text strong>{t('detail.whatWins')}</Typography.Text>
        {words('howToWin')}
      </Typography.Paragraph>
      <Typography.Text strong>{t('detail.checklist')}</Typography.Text>
      <ul className="mbo-dispute-checklist" aria-label={t('detail.checklist')}>
        {checklist.map(({ item, done }, i) => (
          <li key={item.label}>
            {done ? (
              <CheckCircleFilled className="done" aria-label={t('detail.provided')} />
            ) : (
              <MinusCircleOutlined className="todo" aria-label={t('detail.missing')} />
            )}
            <span>{words(`checklist.${i}`)}</span>
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}

/** Amount, fee, where the money is held, times. */
export function DisputeFactsCard({ dispute }: Props) {
  const { authUrls } = useGlobalState();
  const { t } = useTranslation('disputes', { keyPrefix: 'detail' });
  const label = useLabel();
  const source = dispute.fundingSource === 'BATCH' ? t('heldBatch') : t('heldBalance');
  return (
    <DetailCard
      title={t('factsTitle')}
      zone
      facts={[
        [t('disputedAmount'), <MoneyText amount={dispute.amount} currency={dispute.currency} strong />],
        [t('disputeFee'), <MoneyText amount={dispute.fee} currency={dispute.currency} />],
        [t('heldFrom'), source],
        !!dispute.settlementId && [
          t('settlement'),
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
        [t('kind'), label('DISPUTE_TYPES', dispute.type)],
        [t('opened'), <DetailTime iso={dispute.createdAt} />],
        [t('evidenceSubmitted'), <DetailTime iso={dispute.submittedAt} />],
        [t('decided'), <DetailTime iso={dispute.decidedAt} />],
      ]}
    />
  );
}

/** The disputed payment. */
export function DisputePaymentCard({ dispute }: Props) {
  const p = dispute.payment;
  const card = maskCard(p.cardBin, p.cardLast4);
  const { t } = useTranslation('disputes', { keyPrefix: 'detail' });
  const label = useLabel();
  return (
    <DetailCard
      title={t('paymentTitle')}
      facts={[
        [
          t('paymentId'),
          <Link to={paymentDetailPath(p.paymentId)} className="mbo-detail-mono">
            {p.paymentId}
          </Link>,
        ],
        [t('amount'), <MoneyText amount={p.amount} currency={p.currency} />],
        [t('customer'), p.customerEmail && <CopyableText text={p.customerEmail} label={t('customerEmail')} />],
        [t('method'), `${label('PAYMENT_METHOD_NAMES', p.payMethodName)}${card ? ` ${card}` : ''}`],
        [t('paid'), <DetailTime iso={p.createdAt} />],
      ]}
    />
  );
}
