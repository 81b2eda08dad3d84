import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { Alert, Table, Typography, type TableColumnsType } from 'antd';
import type { SettlementBatchRecord, SettlementDetail } from '@mbo/contracts/settlements';
import { CopyableText, DetailCard, DetailTime } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import { displayDay } from '@/lib/display-day';
import { formatDateTime } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { BATCH_HISTORY_PATH, batchDetailPath } from '../utils/batch-status';
import { SettlementWaterfall } from './settlement-waterfall';
import { displayNumber } from '@/lib/formats';

type Props = { settlement: SettlementDetail };

const BATCH_DETAIL = `${BATCH_HISTORY_PATH}/detail`;
const count = (n: number) => displayNumber(n);

/** Where the net went: the masked bank account, or the available balance. */
export function paidToText(s: Pick<SettlementDetail, 'bankAccount'>, t: TFunction): string {
  return s.bankAccount ?? t('availableBalance');
}

/** The waterfall from gross to net, and the same numbers as a table. */
export function SettlementBreakdownCard({ settlement: s }: Props) {
  const { t } = useTranslation('settlements', { keyPrefix: 'detail' });
  return (
    <DetailCard title={t('breakdown')}>
      <SettlementWaterfall settlement={s} />
    </DetailCard>
  );
}

/** The day, where it was paid, the bank's reference and when, and what it holds. */
export function SettlementFactsCard({ settlement: s }: Props) {
  const { t } = useTranslation('settlements', { keyPrefix: 'detail' });
  return (
    <DetailCard
      title={t('payout')}
      zone
      facts={[
        [t('settlementDay'), displayDay(s.settlementDay)],
        [t('currency'), s.currency],
        [t('paidTo'), paidToText(s, t)],
        [
          t('bankReference'),
          s.bankReference ? <CopyableText text={s.bankReference} label={t('bankReferenceLabel')} mono /> : null,
        ],
        [t('paidAt'), <DetailTime iso={s.paidAt} />],
        [t('created'), <DetailTime iso={s.createdAt} />],
        [t('batches'), count(s.batchCount)],
        [t('payments'), count(s.paymentCount)],
        [t('refundsDeducted'), count(s.refundCount)],
        s.ledgerTransactionId
          ? [t('ledger'), <CopyableText text={s.ledgerTransactionId} label={t('ledgerLabel')} mono />]
          : null,
      ]}
    />
  );
}

/**
 * The clearing batches paid in it: each to its detail (for a role that may open it), with its cut-off, payments and
 * net.
 */
export function SettlementBatchesCard({ settlement: s }: Props) {
  const { user, authUrls, isMobile } = useGlobalState();
  const tz = user?.timeZone;
  const { t } = useTranslation('settlements', { keyPrefix: 'detail' });
  const id = (b: SettlementBatchRecord) =>
    authUrls.includes(BATCH_DETAIL) ? (
      <Link to={batchDetailPath(b.batchId, 'history')} className="mbo-list-mono">
        {b.batchId}
      </Link>
    ) : (
      <span className="mbo-list-mono">{b.batchId}</span>
    );
  const cutoff = (b: SettlementBatchRecord) => (
    <span className="mbo-list-nowrap">{formatDateTime(b.closesAt, tz)}</span>
  );
  const wide: TableColumnsType<SettlementBatchRecord> = [
    { key: 'batchId', title: t('batchId'), width: 210, render: (_, b) => id(b) },
    {
      key: 'closesAt',
      title: <TimeColumnTitle title={t('cutoff')} timeZone={tz} />,
      width: 170,
      render: (_, b) => cutoff(b),
    },
    { key: 'paymentCount', title: t('payments'), width: 100, align: 'right', render: (_, b) => count(b.paymentCount) },
    {
      key: 'net',
      title: t('net'),
      width: 140,
      align: 'right',
      render: (_, b) => <MoneyText amount={b.net} currency={b.currency} strong />,
    },
  ];
  const narrow: TableColumnsType<SettlementBatchRecord> = [
    {
      key: 'batch',
      title: t('batch'),
      render: (_, b) => (
        <div style={{ minWidth: 0 }}>
          {id(b)}
          <span className="mbo-list-sub">{t('cutoffAt', { at: formatDateTime(b.closesAt, tz) })}</span>
        </div>
      ),
    },
    {
      key: 'net',
      title: t('net'),
      align: 'right',
      width: 140,
      render: (_, b) => (
        <div>
          <MoneyText amount={b.net} currency={b.currency} strong />
          <span className="mbo-list-sub">
            {t('paymentCount', { count: b.paymentCount, number: count(b.paymentCount) })}
          </span>
        </div>
      ),
    },
  ];
  const columns = isMobile ? narrow : wide;
  return (
    <DetailCard
      title={t('batches')}
      extra={<Typography.Text type="secondary">{count(s.batches.length)}</Typography.Text>}
    >
      <Table<SettlementBatchRecord>
        className="mbo-list-table"
        rowKey="batchId"
        size="small"
        columns={columns}
        dataSource={s.batches}
        pagination={false}
        tableLayout="fixed"
        scroll={isMobile ? undefined : { x: 620 }}
        locale={{ emptyText: t('noBatches') }}
      />
    </DetailCard>
  );
}

/** Pending: paid on its day. Failed: what to check. */
export function SettlementNotice({ settlement: s }: Props) {
  const { t } = useTranslation('settlements', { keyPrefix: 'detail' });
  if (s.status === 'FAILED') {
    return <Alert type="error" showIcon title={t('failedTitle')} description={t('failedDescription')} />;
  }
  if (s.status === 'PENDING') {
    return <Alert type="info" showIcon title={t('pending', { day: displayDay(s.settlementDay) })} />;
  }
  return null;
}
