import { Link, useNavigate } from 'react-router';
import { Grid, Skeleton, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { RefundRecord } from '@mbo/contracts/refunds';
import type { ChooserColumn } from '@/components/list/column-chooser';
import ListEmpty from '@/components/list/list-empty';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { paymentDetailPath, refundDetailPath } from '../utils/refund-paths';
import { REFUND_STATUS_LABEL, REFUND_STATUS_TONE, refundReasonLabel } from '../utils/refund-status';

/** Columns the chooser offers, in order. */
export const REFUND_COLUMNS: ChooserColumn[] = [
  { key: 'refundId', title: 'Refund ID', required: true },
  { key: 'createdAt', title: 'Created' },
  { key: 'amount', title: 'Amount' },
  { key: 'status', title: 'Status' },
  { key: 'paymentId', title: 'Payment ID' },
  { key: 'reason', title: 'Reason' },
  { key: 'merchantOrderNo', title: 'Merchant order no.' },
  { key: 'finishedAt', title: 'Finished' },
];
export const REFUND_COLUMNS_HIDDEN_BY_DEFAULT = ['merchantOrderNo', 'finishedAt'];

export interface RefundsTableProps {
  records: RefundRecord[] | undefined;
  total: number;
  loading: boolean;
  visibleColumns: string[];
  pageNum: number;
  pageSize: number;
  filtered: boolean;
  onPage: (pageNum: number, pageSize: number) => void;
  onClearFilters: () => void;
}

const time = (iso: string | null, tz: string | undefined) =>
  iso ? (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(iso, tz)}</span>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

/** The refunds of one page, newest first; a row opens the refund's detail. */
export default function RefundsTable(props: RefundsTableProps) {
  const { records, total, loading, visibleColumns, pageNum, pageSize, filtered, onPage, onClearFilters } = props;
  const { user } = useGlobalState();
  const navigate = useNavigate();
  const tz = user?.timeZone;
  // Phones get two columns (id with time and reason, amount with status) instead of a table to scroll sideways.
  const narrow = Grid.useBreakpoint().md === false;
  const zone = <span className="mbo-refunds-sub" style={{ display: 'inline', fontWeight: 400 }}>{timeZoneLabel(tz)}</span>;

  const all: TableColumnsType<RefundRecord> = [
    {
      key: 'refundId',
      title: 'Refund ID',
      fixed: 'left',
      width: 200,
      render: (_, r) => (
        <Link to={refundDetailPath(r.refundId)} className="mbo-refunds-mono" onClick={(e) => e.stopPropagation()}>
          {r.refundId}
        </Link>
      ),
    },
    { key: 'createdAt', title: <span>Created {zone}</span>, width: 190, render: (_, r) => time(r.createdAt, tz) },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      width: 140,
      render: (_, r) => (
        <span>
          <MoneyText amount={r.amount} currency={r.currency} strong />
          <span className="mbo-refunds-sub">{r.currency}</span>
        </span>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      width: 130,
      render: (_, r) => {
        const tag = <StatusTag tone={REFUND_STATUS_TONE[r.status]}>{REFUND_STATUS_LABEL[r.status] ?? r.status}</StatusTag>;
        return r.status === 'FAILED' && r.failureReason ? <Tooltip title={r.failureReason}>{tag}</Tooltip> : tag;
      },
    },
    {
      key: 'paymentId',
      title: 'Payment ID',
      width: 200,
      render: (_, r) => (
        <Link to={paymentDetailPath(r.paymentId)} className="mbo-refunds-mono" onClick={(e) => e.stopPropagation()}>
          {r.paymentId}
        </Link>
      ),
    },
    {
      key: 'reason',
      title: 'Reason',
      width: 200,
      ellipsis: { showTitle: false },
      render: (_, r) => (
        <Tooltip title={r.note || undefined} placement="topLeft">
          <span>{refundReasonLabel(r.reason)}</span>
        </Tooltip>
      ),
    },
    { key: 'merchantOrderNo', title: 'Merchant order no.', width: 170, ellipsis: true, render: (_, r) => r.merchantOrderNo || '—' },
    { key: 'finishedAt', title: <span>Finished {zone}</span>, width: 190, render: (_, r) => time(r.finishedAt, tz) },
  ];
  const narrowColumns: TableColumnsType<RefundRecord> = [
    {
      key: 'refund',
      title: 'Refund',
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <Link to={refundDetailPath(r.refundId)} className="mbo-refunds-mono" onClick={(e) => e.stopPropagation()}>
            {r.refundId}
          </Link>
          <span className="mbo-refunds-sub">{formatDateTime(r.createdAt, tz)}</span>
          <span className="mbo-refunds-sub">{refundReasonLabel(r.reason)}</span>
        </div>
      ),
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (_, r) => (
        <div>
          <MoneyText amount={r.amount} currency={r.currency} strong />
          <div style={{ marginTop: 4 }}>
            <StatusTag tone={REFUND_STATUS_TONE[r.status]}>{REFUND_STATUS_LABEL[r.status] ?? r.status}</StatusTag>
          </div>
        </div>
      ),
    },
  ];
  const columns = narrow ? narrowColumns : all.filter((c) => visibleColumns.includes(String(c.key)));
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 150), 0);

  if (loading && !records) {
    return (
      <div role="status" aria-label="Loading refunds">
        <Skeleton active paragraph={{ rows: 8 }} title={false} />
      </div>
    );
  }

  return (
    <Table<RefundRecord>
      className="mbo-refunds-table"
      rowKey="refundId"
      size="middle"
      columns={columns}
      dataSource={records ?? []}
      loading={loading}
      scroll={narrow ? undefined : { x: width }}
      locale={{ emptyText: <ListEmpty noun="refunds" filtered={filtered} onClearFilters={onClearFilters} /> }}
      onRow={(r) => ({ onClick: () => navigate(refundDetailPath(r.refundId)) })}
      pagination={{
        current: pageNum,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (t) => (
          <Typography.Text type="secondary">
            {t.toLocaleString('en-US')} refund{t === 1 ? '' : 's'}
          </Typography.Text>
        ),
        onChange: onPage,
      }}
    />
  );
}
