import { Link, useNavigate } from 'react-router';
import { Grid, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { PaymentRecord, PaymentSort } from '@mbo/contracts/payments';
import ListEmpty from '@/components/list/list-empty';
import MoneyText from '@/components/list/money-text';
import StatusTag, { humanizeStatus } from '@/components/list/status-tag';
import type { ChooserColumn } from '@/components/list/column-chooser';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { disputeTone, PAYMENT_STATUS_LABEL, PAYMENT_STATUS_TONE, REFUND_STATE_LABEL } from '../utils/payment-status';

/** Columns the chooser offers, in order. */
export const PAYMENT_COLUMNS: ChooserColumn[] = [
  { key: 'paymentId', title: 'Payment ID', required: true },
  { key: 'createdAt', title: 'Created' },
  { key: 'amount', title: 'Amount' },
  { key: 'status', title: 'Status' },
  { key: 'method', title: 'Payment method' },
  { key: 'customer', title: 'Customer' },
  { key: 'merchantOrderNo', title: 'Merchant order no.' },
  { key: 'country', title: 'Country' },
  { key: 'fee', title: 'Fee' },
  { key: 'net', title: 'Net' },
];
export const PAYMENT_COLUMNS_HIDDEN_BY_DEFAULT = ['fee', 'net'];

export function paymentDetailPath(paymentId: string): string {
  return `/transactions/payments_detail?paymentId=${encodeURIComponent(paymentId)}`;
}

/** Status tag with the refund and dispute state beside it. */
export function PaymentStatusCell({ record }: { record: Pick<PaymentRecord, 'status' | 'refundStatus' | 'disputeStatus'> }) {
  const refund = REFUND_STATE_LABEL[record.refundStatus];
  return (
    <Space size={4} wrap>
      <StatusTag tone={PAYMENT_STATUS_TONE[record.status]}>{PAYMENT_STATUS_LABEL[record.status]}</StatusTag>
      {refund ? <StatusTag tone="processing">{refund}</StatusTag> : null}
      {record.disputeStatus ? (
        <StatusTag tone={disputeTone(record.disputeStatus)}>Dispute: {humanizeStatus(record.disputeStatus)}</StatusTag>
      ) : null}
    </Space>
  );
}

export interface PaymentsTableProps {
  records: PaymentRecord[] | undefined;
  total: number;
  loading: boolean;
  visibleColumns: string[];
  pageNum: number;
  pageSize: number;
  sort: PaymentSort | undefined;
  filtered: boolean;
  onPage: (pageNum: number, pageSize: number) => void;
  onSort: (sort: PaymentSort | undefined) => void;
  onClearFilters: () => void;
}

function sortOrderOf(sort: PaymentSort | undefined, field: 'createdAt' | 'amount') {
  const [f, dir] = (sort ?? 'createdAt:desc').split(':');
  if (f !== field) return null;
  return dir === 'asc' ? ('ascend' as const) : ('descend' as const);
}

/** The payments of one page; a row opens the payment's detail. */
export default function PaymentsTable(props: PaymentsTableProps) {
  const { records, total, loading, visibleColumns, pageNum, pageSize, sort, filtered, onPage, onSort, onClearFilters } = props;
  const { user, payMethodMap } = useGlobalState();
  const navigate = useNavigate();
  const tz = user?.timeZone;
  // Phones get one column per payment (a card: amount and status, id and time, customer and method)
  // instead of a table to scroll sideways.
  const narrow = Grid.useBreakpoint().md === false;

  const all: TableColumnsType<PaymentRecord> = [
    {
      key: 'paymentId',
      title: 'Payment ID',
      fixed: 'left',
      width: 200,
      render: (_, r) => (
        <Link to={paymentDetailPath(r.paymentId)} className="mbo-mono" onClick={(e) => e.stopPropagation()}>
          {r.paymentId}
        </Link>
      ),
    },
    {
      key: 'createdAt',
      title: (
        <span>
          Created <span className="mbo-cell-sub" style={{ display: 'inline', fontWeight: 400 }}>{timeZoneLabel(tz)}</span>
        </span>
      ),
      width: 190,
      sorter: true,
      sortOrder: sortOrderOf(sort, 'createdAt'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, r) => <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(r.createdAt, tz)}</span>,
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf(sort, 'amount'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, r) => (
        <span>
          <MoneyText amount={r.amount} currency={r.currency} strong />
          <span className="mbo-cell-sub">{r.currency}</span>
        </span>
      ),
    },
    { key: 'status', title: 'Status', width: 200, render: (_, r) => <PaymentStatusCell record={r} /> },
    {
      key: 'method',
      title: 'Payment method',
      width: 190,
      render: (_, r) => (
        <span>
          <span style={{ whiteSpace: 'nowrap' }}>{payMethodMap[r.payMethodName] ?? r.payMethodName}</span>
          <span className="mbo-cell-sub">{r.cardMasked ? <span className="mbo-mono">{r.cardMasked}</span> : r.payMethodType}</span>
        </span>
      ),
    },
    {
      key: 'customer',
      title: 'Customer',
      width: 210,
      ellipsis: true,
      render: (_, r) => (
        <span>
          <span>{r.customerName || '—'}</span>
          <span className="mbo-cell-sub">{r.customerEmail}</span>
        </span>
      ),
    },
    { key: 'merchantOrderNo', title: 'Merchant order no.', width: 170, ellipsis: true, render: (_, r) => r.merchantOrderNo || '—' },
    { key: 'country', title: 'Country', width: 90, render: (_, r) => r.country },
    { key: 'fee', title: 'Fee', align: 'right', width: 120, render: (_, r) => <MoneyText amount={r.fee} currency={r.currency} /> },
    { key: 'net', title: 'Net', align: 'right', width: 130, render: (_, r) => <MoneyText amount={r.net} currency={r.currency} /> },
  ];
  const narrowColumns: TableColumnsType<PaymentRecord> = [
    {
      key: 'payment',
      title: `Payments · ${timeZoneLabel(tz)}`,
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
            <MoneyText amount={r.amount} currency={r.currency} strong />
            <PaymentStatusCell record={r} />
          </div>
          <Link to={paymentDetailPath(r.paymentId)} className="mbo-mono" onClick={(e) => e.stopPropagation()}>
            {r.paymentId}
          </Link>
          <span className="mbo-cell-sub">
            {formatDateTime(r.createdAt, tz)} · {payMethodMap[r.payMethodName] ?? r.payMethodName}
            {r.cardMasked ? ` ${r.cardMasked}` : ''}
          </span>
          <span className="mbo-cell-sub" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{r.customerEmail}</span>
        </div>
      ),
    },
  ];
  const columns = narrow ? narrowColumns : all.filter((c) => visibleColumns.includes(String(c.key)));
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 150), 0);

  if (loading && !records) {
    return <Skeleton active paragraph={{ rows: 8 }} title={false} aria-label="Loading payments" />;
  }

  return (
    <Table<PaymentRecord>
      className="mbo-list-table"
      rowKey="paymentId"
      size="middle"
      columns={columns}
      dataSource={records ?? []}
      loading={loading}
      scroll={narrow ? undefined : { x: width }}
      locale={{ emptyText: <ListEmpty noun="payments" filtered={filtered} onClearFilters={onClearFilters} /> }}
      onRow={(r) => ({ onClick: () => navigate(paymentDetailPath(r.paymentId)) })}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        if (!s?.order || !s.columnKey) onSort(undefined);
        else onSort(`${String(s.columnKey)}:${s.order === 'ascend' ? 'asc' : 'desc'}` as PaymentSort);
      }}
      pagination={{
        current: pageNum,
        pageSize,
        total,
        showSizeChanger: !narrow,
        size: narrow ? 'small' : undefined,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (t) => (
          <Typography.Text type="secondary">
            {t.toLocaleString('en-US')} payment{t === 1 ? '' : 's'}
          </Typography.Text>
        ),
        onChange: onPage,
      }}
    />
  );
}
