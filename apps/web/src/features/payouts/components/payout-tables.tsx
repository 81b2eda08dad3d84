import { Link } from 'react-router';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useLabel } from '@/i18n/use-label';
import { displayNumber } from '@/lib/formats';
import type { PayoutBatchListColumnKey, PayoutListColumnKey } from '@mbo/contracts/lists/payouts-list';
import type { PayoutBatchRecord, PayoutRecord } from '@mbo/contracts/payouts';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { displayMoney } from '@/lib/display-money';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import {
  PAYOUT_BATCH_STATUS_TONE,
  PAYOUT_STATUS_TONE,
  payoutBatchPath,
  payoutDetailPath,
} from '../utils/payout-status';

type Label = ReturnType<typeof useLabel>;

export function PayoutStatusTag({ status }: { status: PayoutRecord['status'] }) {
  const label = useLabel();
  return <StatusTag tone={PAYOUT_STATUS_TONE[status]}>{label('PAYOUT_STATUSES', status)}</StatusTag>;
}

export function BatchStatusTag({ status }: { status: PayoutBatchRecord['status'] }) {
  const label = useLabel();
  return <StatusTag tone={PAYOUT_BATCH_STATUS_TONE[status]}>{label('PAYOUT_BATCH_STATUSES', status)}</StatusTag>;
}

/** "19,708.00 GBP · 11,632.00 EUR": every currency's total, the one of most payouts first. */
export function batchTotalText(b: Pick<PayoutBatchRecord, 'totals'>): string {
  return [...b.totals]
    .sort((x, y) => y.count - x.count)
    .map((t) => displayMoney(t.amount, t.currency))
    .join(' · ');
}

/**
 * How the payouts tab (and a batch's rows) shows each column of PAYOUTS_LIST, its phone layout; a row opens the payout.
 */
export function payoutsTable(
  t: TFunction,
  label: Label,
  tz: string | null | undefined,
): Pick<ListTableProps<PayoutRecord>, 'cells' | 'titles' | 'narrowColumns'> {
  const cells: Record<PayoutListColumnKey, (r: PayoutRecord) => React.ReactNode> = {
    payoutId: (r) => (
      <Link to={payoutDetailPath(r.payoutId)} className="mbo-list-mono">
        {r.payoutId}
      </Link>
    ),
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
    beneficiary: (r) => (
      <span>
        <span className="mbo-list-nowrap">{r.beneficiaryName}</span>
        <span className="mbo-list-sub">
          {r.country} · {label('PAYOUT_METHOD_TYPES', r.method)}
        </span>
      </span>
    ),
    amount: (r) => <MoneyText amount={r.amount} currency={r.currency} strong />,
    status: (r) => <PayoutStatusTag status={r.status} />,
    account: (r) => <span className="mbo-list-mono">{r.maskedAccount}</span>,
    fee: (r) => <MoneyText amount={r.fee} currency={r.currency} />,
    purpose: (r) => label('PAYOUT_PURPOSES', r.purpose),
    reference: (r) => r.reference,
    batchId: (r) =>
      r.batchId ? (
        <Link to={payoutBatchPath(r.batchId)} className="mbo-list-mono">
          {r.batchId}
        </Link>
      ) : (
        ''
      ),
    finishedAt: (r) =>
      r.finishedAt ? <span className="mbo-list-nowrap">{formatDateTime(r.finishedAt, tz)}</span> : '',
  };
  const narrowColumns: TableColumnsType<PayoutRecord> = [
    {
      key: 'payout',
      title: t('tables.payoutsZone', { ns: 'payouts', zone: timeZoneLabel(tz) }),
      render: (_, r) => (
        <Link
          to={payoutDetailPath(r.payoutId)}
          style={{ display: 'flex', flexDirection: 'column', gap: 2, color: 'inherit' }}
        >
          <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <MoneyText amount={r.amount} currency={r.currency} strong />
            <PayoutStatusTag status={r.status} />
          </span>
          <span className="mbo-list-sub">
            {r.beneficiaryName} · {r.maskedAccount} · {formatDateTime(r.createdAt, tz)}
          </span>
        </Link>
      ),
    },
  ];
  const titles = {
    createdAt: <TimeColumnTitle title={t('tables.created', { ns: 'payouts' })} timeZone={tz} />,
    finishedAt: <TimeColumnTitle title={t('tables.finished', { ns: 'payouts' })} timeZone={tz} />,
  };
  return { cells, titles, narrowColumns };
}

/** How the batches tab shows each column of PAYOUT_BATCHES_LIST; a row opens the batch. */
export function batchesTable(
  t: TFunction,
  tz: string | null | undefined,
): Pick<ListTableProps<PayoutBatchRecord>, 'cells' | 'titles' | 'narrowColumns'> {
  const progress = (b: PayoutBatchRecord) => `${b.counts.SUCCESS} / ${b.counts.FAILED + b.counts.CANCELLED}`;
  const cells: Record<PayoutBatchListColumnKey, (b: PayoutBatchRecord) => React.ReactNode> = {
    batchId: (b) => (
      <Link to={payoutBatchPath(b.batchId)} className="mbo-list-mono">
        {b.batchId}
      </Link>
    ),
    createdAt: (b) => <span className="mbo-list-nowrap">{formatDateTime(b.createdAt, tz)}</span>,
    fileName: (b) => b.fileName,
    rowCount: (b) => displayNumber(b.rowCount),
    totals: (b) => (
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>
        {b.totals.map((t) => (
          <span key={t.currency} className="mbo-list-nowrap" style={{ display: 'block' }}>
            {displayMoney(t.amount, t.currency)}
          </span>
        ))}
      </span>
    ),
    status: (b) => <BatchStatusTag status={b.status} />,
    progress: (b) => <span className="mbo-list-nowrap">{progress(b)}</span>,
    createdBy: (b) => b.createdBy ?? '',
  };
  const narrowColumns: TableColumnsType<PayoutBatchRecord> = [
    {
      key: 'batch',
      title: t('tables.batchesZone', { ns: 'payouts', zone: timeZoneLabel(tz) }),
      render: (_, b) => (
        <Link
          to={payoutBatchPath(b.batchId)}
          style={{ display: 'flex', flexDirection: 'column', gap: 2, color: 'inherit' }}
        >
          <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <strong>{b.fileName}</strong>
            <BatchStatusTag status={b.status} />
          </span>
          <span className="mbo-list-sub">
            {t('payouts', { ns: 'payouts', count: b.rowCount, number: displayNumber(b.rowCount) })} ·{' '}
            {batchTotalText(b)} · {formatDateTime(b.createdAt, tz)}
          </span>
        </Link>
      ),
    },
  ];
  const titles = { createdAt: <TimeColumnTitle title={t('tables.submitted', { ns: 'payouts' })} timeZone={tz} /> };
  return { cells, titles, narrowColumns };
}
