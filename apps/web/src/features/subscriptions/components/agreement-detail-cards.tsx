import { Link } from 'react-router';
import { Alert, Typography } from 'antd';
import { codeLabel, PAYMENT_METHOD_NAME_LABELS, PAYMENT_METHOD_TYPE_LABELS } from '@mbo/contracts/code-labels';
import { AGREEMENT_RETRY_DAYS, type AgreementDetail } from '@mbo/contracts/subscriptions';
import { maskCard } from '@mbo/contracts/money';
import { CopyableText, DetailCard, DetailFigures, DetailTime, useTimeZone } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import { countryName } from '@/lib/country-name';
import { displayMoney } from '@/lib/display-money';
import { cycleProgressText, planIntervalText } from '@/lib/display-plan';
import { formatDateTime, formatZonedDateTime } from '@/lib/format-time';
import { paymentLinkDetailPath, retrySchedule, type RetryStep } from '../utils/agreement-status';

type Props = { agreement: AgreementDetail };

const listFormat = (days: readonly number[]) => `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}`;

/** Under the heading: the plan in words ("Every month · 3 of 12 cycles"). */
export function planSubtitle(a: AgreementDetail): string {
  return `${planIntervalText(a)} · ${a.cycles ? cycleProgressText(a.cyclesCharged, a.cycles) : `until cancelled (${cycleProgressText(a.cyclesCharged, null)} charged)`}`;
}

/** After the id in the header: the payment link the customer subscribed through. */
export function AgreementOrigin({ agreement: a }: Props) {
  if (!a.paymentLinkId) return null;
  return (
    <Typography.Text type="secondary">
      from payment link{' '}
      <Link to={paymentLinkDetailPath(a.paymentLinkId)} className="mbo-detail-mono">
        {a.paymentLinkId}
      </Link>
    </Typography.Text>
  );
}

/** What the agreement's state means for the merchant, above the cards. */
export function AgreementNotice({ agreement: a }: Props) {
  const tz = useTimeZone();
  const at = (iso: string | null) => (iso ? formatZonedDateTime(iso, tz) : '—');
  if (a.status === 'PAST_DUE') {
    return (
      <Alert
        type="warning"
        showIcon
        title={`The charge of cycle ${a.cyclesCharged + 1} was declined${a.failedAttempts > 1 ? ` ${a.failedAttempts} times` : ''}`}
        description={`It is retried ${listFormat(AGREEMENT_RETRY_DAYS)} days after it was due; the next attempt is on ${at(a.nextChargeAt)}. If the last retry is declined too, the subscription is cancelled.`}
      />
    );
  }
  if (a.status === 'ACTIVE' && a.cancelAtPeriodEnd) {
    return (
      <Alert
        type="info"
        showIcon
        title={`Cancels at the end of the current period, on ${at(a.periodEnd)}`}
        description="No further charges are made; the customer keeps what they paid for until then."
      />
    );
  }
  if (a.status === 'CANCELLED') {
    return (
      <Alert
        type="info"
        showIcon
        title={`Cancelled on ${at(a.cancelledAt)}`}
        description={a.endReason ?? 'No further charges are made.'}
      />
    );
  }
  if (a.status === 'EXPIRED') {
    return (
      <Alert
        type="success"
        showIcon
        title="Completed: every cycle of the plan was charged"
        description={a.endReason ?? undefined}
      />
    );
  }
  return null;
}

/** Who subscribed. */
export function AgreementCustomerCard({ agreement: a }: Props) {
  return (
    <DetailCard
      title="Customer"
      facts={[
        ['Name', a.customerName],
        ['Email', a.customerEmail && <CopyableText text={a.customerEmail} label="customer email" />],
        ['Country', countryName(a.country)],
      ]}
    />
  );
}

/** How the customer pays: the method, and a card as BIN + last 4 at most. */
export function AgreementMethodCard({ agreement: a }: Props) {
  const card = maskCard(a.cardBin, a.cardLast4);
  const type = codeLabel(PAYMENT_METHOD_TYPE_LABELS, a.payMethodType);
  return (
    <DetailCard
      title="Payment method"
      facts={[
        ['Method', codeLabel(PAYMENT_METHOD_NAME_LABELS, a.payMethodName)],
        ['Type', type],
        !!card && [
          'Card',
          <span className="mbo-detail-mono" key="card">
            {card}
          </span>,
        ],
      ]}
    />
  );
}

/** The plan and where the agreement stands in it. */
export function AgreementPlanCard({ agreement: a }: Props) {
  const tz = useTimeZone();
  const final = a.status === 'CANCELLED' || a.status === 'EXPIRED';
  return (
    <DetailCard
      title="Plan"
      zone
      facts={[
        ['Amount per cycle', <MoneyText amount={a.amount} currency={a.currency} strong key="amount" />],
        ['Interval', planIntervalText(a)],
        ['Cycles', a.cycles ? `${a.cyclesCharged} of ${a.cycles}` : `Until cancelled (${a.cyclesCharged} charged)`],
        ['Started', <DetailTime iso={a.startAt} key="start" />],
        [
          'Current period',
          <span className="mbo-detail-time" key="period">
            {formatDateTime(a.periodStart, tz)} – {formatDateTime(a.periodEnd, tz)}
          </span>,
        ],
        [
          'Next charge',
          a.nextChargeAt ? (
            <DetailTime iso={a.nextChargeAt} key="next" />
          ) : (
            <Typography.Text type="secondary" key="none">
              No further charges
            </Typography.Text>
          ),
        ],
        ['Ends', a.endAt ? <DetailTime iso={a.endAt} key="end" /> : final ? null : 'When cancelled'],
        a.cancelAtPeriodEnd &&
          !final && [
            'Cancellation',
            <Typography.Text type="warning" key="cancel">
              Cancels at the end of the current period ({formatDateTime(a.periodEnd, tz)})
            </Typography.Text>,
          ],
        !!a.cancelledAt && ['Cancelled', <DetailTime iso={a.cancelledAt} key="cancelled" />],
        !!a.endReason && ['End reason', a.endReason],
      ]}
    />
  );
}

const STEP_TEXT: Record<RetryStep['state'], string> = {
  declined: 'Declined',
  next: 'Next attempt',
  planned: 'Planned',
};

/** A PAST_DUE agreement's attempts at its unpaid cycle. */
function RetrySchedule({ agreement: a }: Props) {
  const tz = useTimeZone();
  const steps = retrySchedule(a, a.charges);
  return (
    <ol className="mbo-agreement-retries" aria-label="Retry schedule">
      {steps.map((s) => (
        <li key={s.label} className={`mbo-agreement-retries__step is-${s.state}`}>
          <span className="mbo-agreement-retries__label">
            {s.label}
            {s.offsetDays ? ` (+${s.offsetDays} ${s.offsetDays === 1 ? 'day' : 'days'})` : ''}
          </span>
          <span className="mbo-agreement-retries__at">
            {s.state === 'planned' ? formatDateTime(s.at, tz).slice(0, 10) : formatZonedDateTime(s.at, tz)}
          </span>
          <span className="mbo-agreement-retries__state">{STEP_TEXT[s.state]}</span>
        </li>
      ))}
    </ol>
  );
}

/** What the agreement has collected, and the declined attempts of a past-due cycle. */
export function AgreementTotalsCard({ agreement: a }: Props) {
  const pastDue = a.status === 'PAST_DUE';
  return (
    <DetailCard title="Totals">
      <DetailFigures
        figures={[
          { label: 'Total collected', value: displayMoney(a.totalCollected, a.currency) },
          { label: 'Cycles charged', value: a.cycles ? `${a.cyclesCharged} of ${a.cycles}` : String(a.cyclesCharged) },
          ...(pastDue
            ? [
                {
                  label: 'Failed attempts',
                  value: `${a.failedAttempts} of ${AGREEMENT_RETRY_DAYS.length + 1}`,
                  note: `Cycle ${a.cyclesCharged + 1}`,
                },
              ]
            : []),
        ]}
      />
      {pastDue ? <RetrySchedule agreement={a} /> : null}
    </DetailCard>
  );
}
