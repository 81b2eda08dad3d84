import { Button, Dropdown, Skeleton, Space, Table, Tag, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import { CopyOutlined, ExportOutlined, MoreOutlined, QrcodeOutlined, StopOutlined } from '@ant-design/icons';
import type { PaymentLinkRecord, PaymentLinkSort } from '@mbo/contracts/payment-links';
import type { ChooserColumn } from '@/components/list/column-chooser';
import ListEmpty from '@/components/list/list-empty';
import MoneyText from '@/components/list/money-text';
import { formatDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { PAGE_SIZES } from '@/lib/use-url-filters';
import { LinkStatusTag } from './link-status-tag';

/** The columns the chooser offers (the link itself and the actions are always shown). */
export const LINK_COLUMNS: ChooserColumn[] = [
  { key: 'link', title: 'Link', required: true },
  { key: 'amount', title: 'Amount', required: true },
  { key: 'status', title: 'Status' },
  { key: 'type', title: 'Type' },
  { key: 'expiresAt', title: 'Expires' },
  { key: 'paidCount', title: 'Paid' },
  { key: 'createdAt', title: 'Created' },
];

export interface LinkActions {
  onCopy(link: PaymentLinkRecord): void;
  onQr(link: PaymentLinkRecord): void;
  onDeactivate(link: PaymentLinkRecord): void;
  /** Why deactivating is not possible for the user (no permission), or null. */
  deactivateBlockedReason: string | null;
}

export interface PaymentLinksTableProps extends LinkActions {
  records: PaymentLinkRecord[] | undefined;
  total: number;
  loading: boolean;
  visibleColumns: string[];
  pageNum: number;
  pageSize: number;
  sort: PaymentLinkSort | undefined;
  filtered: boolean;
  timeZone: string | null | undefined;
  onPage(pageNum: number, pageSize: number): void;
  onSort(sort: PaymentLinkSort | undefined): void;
  onClearFilters(): void;
}

const SORTABLE: Record<string, [PaymentLinkSort | null, PaymentLinkSort | null]> = {
  amount: ['amount:asc', 'amount:desc'],
  expiresAt: ['expiresAt:asc', null],
  createdAt: ['createdAt:asc', 'createdAt:desc'],
};

function sortOrderOf(key: string, sort: PaymentLinkSort | undefined): 'ascend' | 'descend' | null {
  const effective = sort ?? 'createdAt:desc';
  const [asc, desc] = SORTABLE[key] ?? [null, null];
  if (asc && effective === asc) return 'ascend';
  if (desc && effective === desc) return 'descend';
  return null;
}

/** Date over time, so the column stays narrow. */
const timeCell = (iso: string, tz: string | null | undefined) => {
  const [day, time] = formatDateTime(iso, tz).split(' ');
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {day}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{time}</Typography.Text>
    </span>
  );
};

/** The payment links: amount and description first, status, type, expiry, payments, actions. */
export default function PaymentLinksTable(props: PaymentLinksTableProps) {
  const { records, timeZone: tz, visibleColumns, sort } = props;
  const narrow = useGlobalState().isMobile;

  const all: TableColumnsType<PaymentLinkRecord> = [
    {
      key: 'link',
      title: 'Description',
      render: (_, r) => (
        <div style={{ minWidth: 0, maxWidth: 420 }}>
          <Typography.Text ellipsis={{ tooltip: r.description }} style={{ display: 'block', fontWeight: 500 }}>
            {r.description}
          </Typography.Text>
          <Typography.Text type="secondary" copyable={{ text: r.linkId, tooltips: ['Copy link ID', 'Copied'] }} style={{ fontSize: 12, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}>
            {r.linkId}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf('amount', sort),
      render: (_, r) => <MoneyText amount={r.amount} currency={r.currency} strong />,
    },
    { key: 'status', title: 'Status', width: 112, render: (_, r) => <LinkStatusTag status={r.status} /> },
    {
      key: 'type',
      title: 'Type',
      width: 110,
      render: (_, r) => (r.reusable ? <Tag variant="filled" color="blue">Reusable</Tag> : <Tag variant="filled">Single-use</Tag>),
    },
    {
      key: 'expiresAt',
      title: 'Expires',
      width: 130,
      sorter: true,
      sortDirections: ['ascend'],
      sortOrder: sortOrderOf('expiresAt', sort),
      render: (_, r) => timeCell(r.expiresAt, tz),
    },
    { key: 'paidCount', title: 'Paid', align: 'right', width: 64, render: (_, r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{r.paidCount}</span> },
    {
      key: 'createdAt',
      title: 'Created',
      width: 130,
      sorter: true,
      sortOrder: sortOrderOf('createdAt', sort),
      render: (_, r) => timeCell(r.createdAt, tz),
    },
  ];
  const actions: TableColumnsType<PaymentLinkRecord>[number] = {
    key: 'actions',
    title: <span className="mbo-links-sr-only">Actions</span>,
    fixed: 'right',
    width: 156,
    render: (_, r) => {
      const canDeactivate = r.status === 'ACTIVE';
      const deactivateTip = !canDeactivate ? `Only active links can be deactivated (this one is ${r.status.toLowerCase()}).` : props.deactivateBlockedReason ?? 'Deactivate';
      return (
        <Space size={2}>
          <Tooltip title="Copy link">
            <Button type="text" icon={<CopyOutlined />} aria-label={`Copy link ${r.linkId}`} onClick={() => props.onCopy(r)} />
          </Tooltip>
          <Tooltip title="QR code">
            <Button type="text" icon={<QrcodeOutlined />} aria-label={`QR code of ${r.linkId}`} onClick={() => props.onQr(r)} />
          </Tooltip>
          <Tooltip title="Open checkout page">
            <Button type="text" icon={<ExportOutlined />} aria-label={`Open ${r.linkId}`} href={r.url} target="_blank" rel="noopener noreferrer" />
          </Tooltip>
          <Tooltip title={deactivateTip}>
            <Button
              type="text"
              danger
              icon={<StopOutlined />}
              aria-label={`Deactivate ${r.linkId}`}
              disabled={!canDeactivate || props.deactivateBlockedReason !== null}
              onClick={() => props.onDeactivate(r)}
            />
          </Tooltip>
        </Space>
      );
    },
  };
  // Phones: one summary column and the actions in a menu, instead of a table to scroll sideways.
  const narrowColumns: TableColumnsType<PaymentLinkRecord> = [
    {
      key: 'summary',
      title: 'Payment link',
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text ellipsis style={{ display: 'block', fontWeight: 500 }}>{r.description}</Typography.Text>
          <Space size={6} wrap style={{ marginTop: 2 }}>
            <MoneyText amount={r.amount} currency={r.currency} strong />
            <LinkStatusTag status={r.status} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.reusable ? 'Reusable' : 'Single-use'} · {r.paidCount} paid</Typography.Text>
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>Expires {formatDateTime(r.expiresAt, tz)}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'actions',
      title: <span className="mbo-links-sr-only">Actions</span>,
      width: 56,
      render: (_, r) => {
        const canDeactivate = r.status === 'ACTIVE' && props.deactivateBlockedReason === null;
        return (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'copy', icon: <CopyOutlined />, label: 'Copy link', onClick: () => props.onCopy(r) },
                { key: 'qr', icon: <QrcodeOutlined />, label: 'QR code', onClick: () => props.onQr(r) },
                { key: 'open', icon: <ExportOutlined />, label: <a href={r.url} target="_blank" rel="noopener noreferrer">Open checkout page</a> },
                { key: 'deactivate', icon: <StopOutlined />, label: 'Deactivate', danger: true, disabled: !canDeactivate, onClick: () => props.onDeactivate(r) },
              ],
            }}
          >
            <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${r.linkId}`} />
          </Dropdown>
        );
      },
    },
  ];
  const columns = narrow ? narrowColumns : [...all.filter((c) => visibleColumns.includes(String(c.key))), actions];

  const onChange: TableProps<PaymentLinkRecord>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const [asc, desc] = SORTABLE[String(sorter.columnKey)] ?? [null, null];
    props.onSort(sorter.order === 'ascend' ? asc ?? undefined : sorter.order === 'descend' ? desc ?? undefined : undefined);
  };

  if (!records && props.loading) return <Skeleton active paragraph={{ rows: 6 }} title={false} />;

  return (
    <Table<PaymentLinkRecord>
      rowKey="linkId"
      columns={columns}
      dataSource={records ?? []}
      loading={props.loading && Boolean(records)}
      tableLayout="fixed"
      scroll={narrow ? undefined : { x: 1040 }}
      onChange={onChange}
      showSorterTooltip={false}
      locale={{ emptyText: <ListEmpty noun="payment links" filtered={props.filtered} onClearFilters={props.onClearFilters} /> }}
      pagination={{
        current: props.pageNum,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => `${total} link${total === 1 ? '' : 's'}`,
        onChange: (page, size) => props.onPage(page, size),
      }}
    />
  );
}
