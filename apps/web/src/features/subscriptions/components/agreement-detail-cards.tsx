import { Link } from 'react-router';
import { Alert, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { displayNumber } from '@/lib/formats';
import { AGREEMENT_RETRY_DAYS, type AgreementDetail } from '@mbo/contracts/subscriptions';
import { maskCard } from '@mbo/contracts/money';
import { CopyableText, DetailCard, DetailFigures, DetailTime, useTimeZone } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import { countryName } from '@/lib/country-name';
import { displayMoney } from '@/lib/display-money';
import { cycleProgressText, planIntervalText } from '@/lib/display-plan';
import { formatDateTime, formatZonedDateTime } from '@/lib/format-time';
import { paymentLinkDetailPath, retrySchedule } from '../utils/agreement-status';
import { RecordText } from '@/components/record-text';

type Props = { agreement: AgreementDetail };

/** "1, 3 and 7" / "1、3 和 7". */
const listFormat = (t: TFunction, days: readonly number[]) =>
  t('listLast', { list: days.slice(0, -1).join(t('listSep')), last: days[days.length - 1] });

/** Under the heading: the plan in words ("Every month · 3 of 12 cycles"). */
export function planSubtitle(t: TFunction, a: AgreementDetail): string {
  const progress = a.cycles
    ? cycleProgressText(a.cyclesCharged, a.cycles)
    : t('cards.untilCancelledCharged', { ns: 'subscriptions', progress: cycleProgressText(a.cyclesCharged, null) });
  return `${planIntervalText(a)} · ${progress}`;
}

/** After the id in the header: the payment link the customer subscribed through. */
export function AgreementOrigin({ agreement: a }: Props) {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'cards' });
  if (!a.paymentLinkId) return null;
  return (
    <Typography.Text type="secondary">
      {t('fromLink')}{' '}
      <Link to={paymentLinkDetailPath(a.paymentLinkId)} className="mbo-detail-mono">
        {a.paymentLinkId}
      </Link>
    </Typography.Text>
  );
}

/** What the agreement's state means for the merchant, above the cards. */
export function AgreementNotice({ agreement: a }: Props) {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'cards' });
  const tz = useTimeZone();
  const at = (iso: string | null) => (iso ? formatZonedDateTime(iso, tz) : '—');
  if (a.status === 'PAST_DUE') {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('declined', { count: Math.max(1, a.failedAttempts), cycle: a.cyclesCharged + 1 })}
        description={t('retriedBody', { days: listFormat(t, AGREEMENT_RETRY_DAYS), time: at(a.nextChargeAt) })}
      />
    );
  }
  if (a.status === 'ACTIVE' && a.cancelAtPeriodEnd) {
    return (
      <Alert type="info" showIcon title={t('cancelsTitle', { time: at(a.periodEnd) })} description={t('cancelsBody')} />
    );
  }
  if (a.status === 'CANCELLED') {
    return (
      <Alert
        type="info"
        showIcon
        title={t('cancelledTitle', { time: at(a.cancelledAt) })}
        description={a.endReason ? <RecordText text={a.endReason} /> : t('noFurtherMade')}
      />
    );
  }
  if (a.status === 'EXPIRED') {
    return (
      <Alert
        type="success"
        showIcon
        title={t('completed')}
        description={a.endReason ? <RecordText text={a.endReason} /> : undefined}
      />
    );
  }
  return null;
}

/** Who subscribed. */
export function AgreementCustomerCard({ agreement: a }: Props) {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'cards' });
  return (
    <DetailCard
      title={t('customer')}
      facts={[
        [t('name'), a.customerName],
        [t('email'), a.customerEmail && <CopyableText text={a.customerEmail} label={t('customerEmail')} />],
        [t('country'), countryName(a.country)],
      ]}
    />
  );
}

/** How the customer pays: the method, and a card as BIN + last 4 at most. */
export function AgreementMethodCard({ agreement: a }: Props) {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'cards' });
  const label = useLabel();
  const card = maskCard(a.cardBin, a.cardLast4);
  const type = label('PAYMENT_METHOD_TYPES', a.payMethodType);
  return (
    <DetailCard
      title={t('paymentMethod')}
      facts={[
        [t('method'), label('PAYMENT_METHOD_NAMES', a.payMethodName)],
        [t('type'), type],
        !!card && [
          t('card'),
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
  const { t } = useTranslation('subscriptions', { keyPrefix: 'cards' });
  const tz = useTimeZone();
  const final = a.status === 'CANCELLED' || a.status === 'EXPIRED';
  return (
    <DetailCard
      title={t('plan')}
      zone
      facts={[
        [t('amountPerCycle'), <MoneyText amount={a.amount} currency={a.currency} strong key="amount" />],
        [t('interval'), planIntervalText(a)],
        [
          t('cycles'),
          a.cycles
            ? t('cyclesOf', { charged: displayNumber(a.cyclesCharged), cycles: displayNumber(a.cycles) })
            : t('untilCancelledCount', { charged: displayNumber(a.cyclesCharged) }),
        ],
        [t('started'), <DetailTime iso={a.startAt} key="start" />],
        [
          t('currentPeriod'),
          <span className="mbo-detail-time" key="period">
            {formatDateTime(a.periodStart, tz)} – {formatDateTime(a.periodEnd, tz)}
          </span>,
        ],
        [
          t('nextCharge'),
          a.nextChargeAt ? (
            <DetailTime iso={a.nextChargeAt} key="next" />
          ) : (
            <Typography.Text type="secondary" key="none">
              {t('noFurther')}
            </Typography.Text>
          ),
        ],
        [t('ends'), a.endAt ? <DetailTime iso={a.endAt} key="end" /> : final ? null : t('whenCancelled')],
        a.cancelAtPeriodEnd &&
          !final && [
            t('cancellation'),
            <Typography.Text type="warning" key="cancel">
              {t('cancelsAtEndOn', { time: formatDateTime(a.periodEnd, tz) })}
            </Typography.Text>,
          ],
        !!a.cancelledAt && [t('cancelled'), <DetailTime iso={a.cancelledAt} key="cancelled" />],
        !!a.endReason && [t('endReason'), <RecordText key="end" text={a.endReason} />],
      ]}
    />
  );
}

/** A PAST_DUE agreement's attempts at its unpaid cycle. */
function RetrySchedule({ agreement: a }: Props) {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'cards' });
  const { t: tn } = useTranslation('subscriptions');
  const tz = useTimeZone();
  const steps = retrySchedule(tn, a, a.charges);
  return (
    <ol className="mbo-agreement-retries" aria-label={t('retrySchedule')}>
      {steps.map((s) => (
        <li key={s.label} className={`mbo-agreement-retries__step is-${s.state}`}>
          <span className="mbo-agreement-retries__label">
            {s.label}
            {s.offsetDays ? ` ${t('offset', { count: s.offsetDays })}` : ''}
          </span>
          <span className="mbo-agreement-retries__at">
            {s.state === 'planned' ? formatDateTime(s.at, tz).slice(0, 10) : formatZonedDateTime(s.at, tz)}
          </span>
          <span className="mbo-agreement-retries__state">{t(`steps.${s.state}`)}</span>
        </li>
      ))}
    </ol>
  );
}

/** What the agreement has collected, and the declined attempts of a past-due cycle. */
export function AgreementTotalsCard({ agreement: a }: Props) {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'cards' });
  const pastDue = a.status === 'PAST_DUE';
  return (
    <DetailCard title={t('totals')}>
      <DetailFigures
        figures={[
          { label: t('totalCollected'), value: displayMoney(a.totalCollected, a.currency) },
          {
            label: t('cyclesCharged'),
            value: a.cycles
              ? t('cyclesOf', { charged: displayNumber(a.cyclesCharged), cycles: displayNumber(a.cycles) })
              : displayNumber(a.cyclesCharged),
          },
          ...(pastDue
            ? [
                {
                  label: t('failedAttempts'),
                  value: t('attemptsOf', { failed: a.failedAttempts, all: AGREEMENT_RETRY_DAYS.length + 1 }),
                  note: t('cycleN', { cycle: a.cyclesCharged + 1 }),
                },
              ]
            : []),
        ]}
      />
      {pastDue ? <RetrySchedule agreement={a} /> : null}
    </DetailCard>
  );
}
