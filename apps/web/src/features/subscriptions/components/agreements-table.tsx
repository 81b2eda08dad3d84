import { Link, useNavigate } from 'react-router';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { displayNumber } from '@/lib/formats';
import type { AgreementListColumnKey } from '@mbo/contracts/lists/agreements-list';
import type { AgreementRecord } from '@mbo/contracts/subscriptions';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import { countryName } from '@/lib/country-name';
import { cycleProgressText, planIntervalWords } from '@/lib/display-plan';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { agreementDetailPath, methodText } from '../utils/agreement-status';
import { AgreementStatusCell } from './agreement-status-tag';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** "every month · 3 of 12 cycles"; "every month" alone for a plan that runs until cancelled. */
export function planLine(r: Pick<AgreementRecord, 'interval' | 'intervalCount' | 'cycles' | 'cyclesCharged'>): string {
  const every = planIntervalWords(r.interval, r.intervalCount);
  return r.cycles ? `${every} · ${cycleProgressText(r.cyclesCharged, r.cycles)}` : every;
}

/** The plan cell: the amount per cycle, the interval under it, then the cycles (a narrow column: a line each). */
function PlanCell({ record: r }: { record: AgreementRecord }) {
  return (
    <span title={planLine(r)}>
      <MoneyText amount={r.amount} currency={r.currency} strong />
      <span className="mbo-list-sub">{planIntervalWords(r.interval, r.intervalCount)}</span>
      {r.cycles ? <span className="mbo-list-sub">{cycleProgressText(r.cyclesCharged, r.cycles)}</span> : null}
    </span>
  );
}

/** The next charge in the merchant's zone; a retry says which; "—" when none is coming. */
function NextCharge({ record: r, tz }: { record: AgreementRecord; tz: string | undefined }) {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'table' });
  if (!r.nextChargeAt) return dash;
  return (
    <span>
      <span className="mbo-list-nowrap">{formatDateTime(r.nextChargeAt, tz)}</span>
      {r.status === 'PAST_DUE' ? <span className="mbo-list-sub">{t('retry', { n: r.failedAttempts })}</span> : null}
    </span>
  );
}

type AgreementTableParts = Pick<ListTableProps<AgreementRecord>, 'cells' | 'titles' | 'narrowColumns' | 'onRowClick'>;

/** How the agreements list shows each column of AGREEMENTS_LIST, its phone layout, and where a row leads. */
export function useAgreementsTable(): AgreementTableParts {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'table' });
  const label = useLabel();
  const { user } = useGlobalState();
  const tz = user?.timeZone;
  const navigate = useNavigate();
  const idLink = (r: AgreementRecord) => (
    <Link to={agreementDetailPath(r.agreementId)} className="mbo-list-mono" onClick={(e) => e.stopPropagation()}>
      {r.agreementId}
    </Link>
  );
  const method = (r: AgreementRecord) => methodText(label('PAYMENT_METHOD_NAMES', r.payMethodName), r.cardLast4);
  const cells: Record<AgreementListColumnKey, (r: AgreementRecord) => React.ReactNode> = {
    agreementId: idLink,
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
    customer: (r) => (
      <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        <span>{r.customerName || '—'}</span>
        <span className="mbo-list-sub">{r.customerEmail}</span>
      </span>
    ),
    plan: (r) => <PlanCell record={r} />,
    status: (r) => <AgreementStatusCell agreement={r} />,
    nextChargeAt: (r) => <NextCharge record={r} tz={tz} />,
    method: (r) => <span className="mbo-list-nowrap">{method(r)}</span>,
    country: (r) => <span title={countryName(r.country)}>{r.country}</span>,
    totalCollected: (r) => <MoneyText amount={r.totalCollected} currency={r.currency} />,
    cyclesCharged: (r) => <span className="mbo-list-nowrap">{displayNumber(r.cyclesCharged)}</span>,
  };
  // Phones: one card per agreement (customer and plan, amount and status, next charge).
  const narrowColumns: TableColumnsType<AgreementRecord> = [
    {
      key: 'agreement',
      title: t('summary', { zone: timeZoneLabel(tz) }),
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'flex-start' }}>
            <MoneyText amount={r.amount} currency={r.currency} strong />
            <AgreementStatusCell agreement={r} />
          </div>
          <span className="mbo-list-sub">{planLine(r)}</span>
          {idLink(r)}
          <span className="mbo-list-sub">
            {r.customerName} · {r.customerEmail}
          </span>
          <span className="mbo-list-sub">
            {r.nextChargeAt ? t('nextCharge', { time: formatDateTime(r.nextChargeAt, tz) }) : t('noFurther')} ·{' '}
            {method(r)}
          </span>
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: {
      createdAt: <TimeColumnTitle title={t('created')} timeZone={tz} />,
      nextChargeAt: <TimeColumnTitle title={t('nextChargeTitle')} timeZone={tz} />,
    },
    narrowColumns,
    onRowClick: (r) => void navigate(agreementDetailPath(r.agreementId)),
  };
}
