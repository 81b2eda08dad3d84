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
import { countNoun } from '@/lib/count-noun';

type Props = { settlement: SettlementDetail };

const BATCH_DETAIL = `${BATCH_HISTORY_PATH}/detail`;
const count = (n: number) => n.toLocaleString('en-US');

/** Where the net went: the masked bank account, or the available balance. */
export function paidToText(s: Pick<SettlementDetail, 'bankAccount'>): string {
  return s.bankAccount ?? 'Available balance';
}

/** The waterfall from gross to net, and the same numbers as a table. */
export function SettlementBreakdownCard({ settlement: s }: Props) {
  return (
    <DetailCard title="Breakdown">
      <SettlementWaterfall settlement={s} />
    </DetailCard>
  );
}

/** The day, where it was paid, the bank's reference and when, and what it holds. */
export function SettlementFactsCard({ settlement: s }: Props) {
  return (
    <DetailCard
      title="Payout"
      zone
      facts={[
        ['Settlement day', displayDay(s.settlementDay)],
        ['Currency', s.currency],
        ['Paid to', paidToText(s)],
        [
          'Bank reference',
          s.bankReference ? <CopyableText text={s.bankReference} label="bank reference" mono /> : null,
        ],
        ['Paid at', <DetailTime iso={s.paidAt} />],
        ['Created', <DetailTime iso={s.createdAt} />],
        ['Batches', count(s.batchCount)],
        ['Payments', count(s.paymentCount)],
        ['Refunds deducted', count(s.refundCount)],
        s.ledgerTransactionId
          ? ['Ledger transaction', <CopyableText text={s.ledgerTransactionId} label="ledger transaction ID" mono />]
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
    { key: 'batchId', title: 'Batch ID', width: 210, render: (_, b) => id(b) },
    {
      key: 'closesAt',
      title: <TimeColumnTitle title="Cut-off" timeZone={tz} />,
      width: 170,
      render: (_, b) => cutoff(b),
    },
    { key: 'paymentCount', title: 'Payments', width: 100, align: 'right', render: (_, b) => count(b.paymentCount) },
    {
      key: 'net',
      title: 'Net',
      width: 140,
      align: 'right',
      render: (_, b) => <MoneyText amount={b.net} currency={b.currency} strong />,
    },
  ];
  const narrow: TableColumnsType<SettlementBatchRecord> = [
    {
      key: 'batch',
      title: 'Batch',
      render: (_, b) => (
        <div style={{ minWidth: 0 }}>
          {id(b)}
          <span className="mbo-list-sub">Cut-off {formatDateTime(b.closesAt, tz)}</span>
        </div>
      ),
    },
    {
      key: 'net',
      title: 'Net',
      align: 'right',
      width: 140,
      render: (_, b) => (
        <div>
          <MoneyText amount={b.net} currency={b.currency} strong />
          <span className="mbo-list-sub">{countNoun(b.paymentCount, 'payment')}</span>
        </div>
      ),
    },
  ];
  const columns = isMobile ? narrow : wide;
  return (
    <DetailCard title="Batches" extra={<Typography.Text type="secondary">{count(s.batches.length)}</Typography.Text>}>
      <Table<SettlementBatchRecord>
        className="mbo-list-table"
        rowKey="batchId"
        size="small"
        columns={columns}
        dataSource={s.batches}
        pagination={false}
        tableLayout="fixed"
        scroll={isMobile ? undefined : { x: 620 }}
        locale={{ emptyText: 'No batches in this settlement.' }}
      />
    </DetailCard>
  );
}

/** Pending: paid on its day. Failed: what to check. */
export function SettlementNotice({ settlement: s }: Props) {
  if (s.status === 'FAILED') {
    return (
      <Alert
        type="error"
        showIcon
        title="This settlement could not be paid."
        description="Check the bank account it was sent to in Settings → Bank accounts, or contact support."
      />
    );
  }
  if (s.status === 'PENDING') {
    return (
      <Alert type="info" showIcon title={`This settlement is pending: it is paid on ${displayDay(s.settlementDay)}.`} />
    );
  }
  return null;
}
