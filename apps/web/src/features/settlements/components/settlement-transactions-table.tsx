import { useTranslation } from '@/i18n/use-translation';
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { LIST_MENUS } from '@mbo/contracts/lists/list-definition';
import type { SettlementTransactionRecord, SettlementTransactionsRequest } from '@mbo/contracts/settlements';
import { formatListTotal } from '@/components/list/list-total';
import MoneyText from '@/components/list/money-text';
import { formatDateTime } from '@/lib/format-time';
import { useLabel } from '@/i18n/use-label';
import TableScrollFrame from '@/components/list/table-scroll-frame';
import { ZoneSubLabel } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { PAGE_SIZES } from '@/lib/use-url-filters';
import { browserTimeZone, isValidTimeZone } from '@/lib/zone-formatters';
import {
  createSettlementTransactionsExport,
  settlementTransactionsQueryOptions,
  type SettlementTransactionsOwner,
} from '../api/list-settlement-transactions';
import '@/components/list/list.css';
import { columnsWidth } from '@/lib/columns-width';

export type SettlementTransactionsTableProps = SettlementTransactionsOwner;

const PAYMENT_DETAIL = '/transactions/payments_detail';
const REFUND_DETAIL = '/transactions/refunds_detail';
const DISPUTE_DETAIL = '/transactions/disputes/detail';
const REPORTS = LIST_MENUS.exports;

const ownerOf = (props: SettlementTransactionsOwner): SettlementTransactionsOwner =>
  'batchId' in props ? { batchId: props.batchId } : { settlementId: props.settlementId };
const ownerKey = (owner: Partial<Record<'batchId' | 'settlementId', string>>) =>
  `${owner.batchId ?? ''}|${owner.settlementId ?? ''}`;

/** A deduction: "−3.80 USD" in grey, or a dash when there is none. */
function Deduction({ amount, currency }: { amount: number; currency: string }) {
  return amount === 0 ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <MoneyText amount={amount} currency={currency} sign="−" type="secondary" />
  );
}

/** "Export": queues the CSV of every payment of the settlement or batch in the report centre. */
function ExportPayments({ owner }: { owner: SettlementTransactionsOwner }) {
  const { user, authUrls, hasPermission } = useGlobalState();
  const zone = isValidTimeZone(user?.timeZone) ? user.timeZone : browserTimeZone();
  const create = useMutation({ mutationFn: () => createSettlementTransactionsExport(owner, zone) });
  const { t } = useTranslation('settlements', { keyPrefix: 'transactions' });
  if (!hasPermission('API_REPORT_EXPORT')) {
    return (
      <>
        <Tooltip title={t('noExport')}>
          <span>
            <Button size="small" icon={<ExportOutlined />} disabled aria-describedby="settlement-export-blocked">
              {t('export')}
            </Button>
          </span>
        </Tooltip>
        <span id="settlement-export-blocked" className="mbo-list-sr-only">
          {t('noExport')}
        </span>
      </>
    );
  }
  return (
    <Space size={8} wrap>
      {create.isSuccess ? (
        <Typography.Text type="secondary" role="status">
          {t('queued')} {authUrls.includes(REPORTS) ? <Link to={REPORTS}>{t('openReports')}</Link> : null}
        </Typography.Text>
      ) : null}
      <Button size="small" icon={<ExportOutlined />} loading={create.isPending} onClick={() => create.mutate()}>
        {t('export')}
      </Button>
    </Space>
  );
}

/**
 * The cells of a payment: its id (to its detail when the role may open it), the refund and dispute deducted (to their
 * records).
 */
function useTransactionCells() {
  const { user, authUrls } = useGlobalState();
  const tz = user?.timeZone;
  const label = useLabel();
  const payment = (r: SettlementTransactionRecord) => (
    <span style={{ display: 'block', minWidth: 0 }}>
      {authUrls.includes(PAYMENT_DETAIL) ? (
        <Link to={`${PAYMENT_DETAIL}?paymentId=${encodeURIComponent(r.paymentId)}`} className="mbo-list-mono">
          {r.paymentId}
        </Link>
      ) : (
        <span className="mbo-list-mono">{r.paymentId}</span>
      )}
      {r.merchantOrderNo ? <span className="mbo-list-sub">{r.merchantOrderNo}</span> : null}
    </span>
  );
  /** A deduction and the record it came from, linked to its detail when the role may open it. */
  const deducted = (amount: number, currency: string, id: string | null, detail: string, param: string) => (
    <span>
      <Deduction amount={amount} currency={currency} />
      {id ? (
        <span className="mbo-list-sub">
          {authUrls.includes(detail) ? (
            <Link to={`${detail}?${param}=${encodeURIComponent(id)}`} className="mbo-list-mono">
              {id}
            </Link>
          ) : (
            <span className="mbo-list-mono">{id}</span>
          )}
        </span>
      ) : null}
    </span>
  );
  const refund = (r: SettlementTransactionRecord) =>
    deducted(r.refunded, r.currency, r.refundId, REFUND_DETAIL, 'refundId');
  const dispute = (r: SettlementTransactionRecord) =>
    deducted(r.disputed, r.currency, r.disputeId, DISPUTE_DETAIL, 'disputeId');
  const captured = (r: SettlementTransactionRecord) => formatDateTime(r.capturedAt, tz);
  const method = (r: SettlementTransactionRecord) => label('PAYMENT_METHOD_NAMES', r.payMethodName);
  return { tz, payment, refund, dispute, captured, method };
}

function useColumns(): {
  wide: TableColumnsType<SettlementTransactionRecord>;
  narrow: TableColumnsType<SettlementTransactionRecord>;
} {
  const { tz, payment, refund, dispute, captured, method } = useTransactionCells();
  const { t } = useTranslation('settlements', { keyPrefix: 'transactions' });
  const wide: TableColumnsType<SettlementTransactionRecord> = [
    { key: 'paymentId', title: t('paymentId'), width: 210, fixed: 'left', render: (_, r) => payment(r) },
    {
      key: 'capturedAt',
      title: (
        <span>
          {t('capturedAt')}
          <ZoneSubLabel timeZone={tz} />
        </span>
      ),
      width: 170,
      render: (_, r) => <span className="mbo-list-nowrap">{captured(r)}</span>,
    },
    { key: 'method', title: t('method'), width: 120, render: (_, r) => method(r) },
    {
      key: 'gross',
      title: t('gross'),
      width: 130,
      align: 'right',
      render: (_, r) => <MoneyText amount={r.gross} currency={r.currency} />,
    },
    {
      key: 'fee',
      title: t('fee'),
      width: 110,
      align: 'right',
      render: (_, r) => <Deduction amount={r.fee} currency={r.currency} />,
    },
    // One column for what came off the payment besides its fee (most payments have neither), so the default
    // columns fit the card at 1440 px.
    {
      key: 'deducted',
      title: t('deducted'),
      width: 190,
      align: 'right',
      render: (_, r) =>
        r.refunded || r.disputed ? (
          <>
            {r.refunded ? refund(r) : null}
            {r.disputed ? <span style={{ display: 'block' }}>{dispute(r)}</span> : null}
          </>
        ) : (
          <Deduction amount={0} currency={r.currency} />
        ),
    },
    {
      key: 'net',
      title: t('net'),
      width: 130,
      align: 'right',
      render: (_, r) => <MoneyText amount={r.net} currency={r.currency} strong />,
    },
  ];
  // Phones: the payment and when, beside its net and what came off it.
  const narrow: TableColumnsType<SettlementTransactionRecord> = [
    {
      key: 'payment',
      title: t('payment'),
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          {payment(r)}
          <span className="mbo-list-sub">
            {captured(r)} · {method(r)}
          </span>
        </div>
      ),
    },
    {
      key: 'net',
      title: t('net'),
      align: 'right',
      width: 150,
      render: (_, r) => (
        <div>
          <MoneyText amount={r.net} currency={r.currency} strong />
          <span className="mbo-list-sub">
            {t('grossLabel')} <MoneyText amount={r.gross} currency={r.currency} />
          </span>
          {r.refunded ? refund(r) : null}
          {r.disputed ? dispute(r) : null}
        </div>
      ),
    },
  ];
  return { wide, narrow };
}

/**
 * The payments of one settlement or one batch (SETTLEMENT_PATHS.transactions), newest first and
 * paged (the page shown stays while the next loads): each with what it adds to the net, and an
 * Export of them all. Used by the batch and the settlement detail pages.
 */
export default function SettlementTransactionsTable(props: SettlementTransactionsTableProps) {
  const owner = ownerOf(props);
  const key = ownerKey(owner);
  const { isMobile } = useGlobalState();
  const [paging, setPaging] = useState({ key, pageNum: 1, pageSize: 20 });
  // Another settlement or batch starts again on its first page.
  const pageNum = paging.key === key ? paging.pageNum : 1;
  const request: SettlementTransactionsRequest = { ...owner, pageNum, pageSize: paging.pageSize };
  const query = useQuery({
    ...settlementTransactionsQueryOptions(request),
    // The previous page stays while the next loads, never another settlement's or batch's.
    placeholderData: (previous, previousQuery) =>
      previousQuery && ownerKey(previousQuery.queryKey[1]) === key ? keepPreviousData(previous) : undefined,
  });
  const { wide, narrow } = useColumns();
  const { t } = useTranslation('settlements', { keyPrefix: 'transactions' });
  const records = query.data?.records;
  const inBatch = 'batchId' in owner;
  const regionLabel = inBatch ? t('inBatch') : t('inSettlement');

  let body: React.ReactNode;
  if (query.isError && !records) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  } else if (!records) {
    body = (
      <div role="status" aria-label={t('loading')}>
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      </div>
    );
  } else {
    const columns = isMobile ? narrow : wide;
    body = (
      <TableScrollFrame label={regionLabel}>
        <Table<SettlementTransactionRecord>
          className="mbo-list-table"
          rowKey="paymentId"
          size="middle"
          columns={columns}
          dataSource={records}
          loading={query.isFetching && query.isPlaceholderData}
          tableLayout="fixed"
          scroll={isMobile ? undefined : { x: columnsWidth(columns) }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={inBatch ? t('emptyBatch') : t('emptySettlement')}
              />
            ),
          }}
          pagination={{
            current: pageNum,
            pageSize: paging.pageSize,
            total: query.data?.total ?? 0,
            hideOnSinglePage: false,
            showSizeChanger: !isMobile,
            showLessItems: isMobile,
            size: isMobile ? 'small' : undefined,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => (
              <Typography.Text type="secondary">
                {formatListTotal(total, { one: t('noun', { count: 1 }), many: t('noun', { count: 2 }) })}
              </Typography.Text>
            ),
            onChange: (page, size) => setPaging({ key, pageNum: size !== paging.pageSize ? 1 : page, pageSize: size }),
          }}
        />
      </TableScrollFrame>
    );
  }

  return (
    <Card
      title={t('title')}
      extra={<ExportPayments owner={owner} />}
      className="mbo-detail-card"
      aria-label={regionLabel}
      role="region"
    >
      {body}
    </Card>
  );
}
