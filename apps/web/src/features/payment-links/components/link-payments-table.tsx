import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { codeLabel, PAYMENT_METHOD_NAME_LABELS } from '@mbo/contracts/code-labels';
import type { PaymentLinkPayment } from '@mbo/contracts/payment-links';
import type { PaymentStatus } from '@mbo/contracts/payments';
import { PAYMENT_STATUS_LABELS } from '@mbo/contracts/status-labels';
import { DetailCard, useTimeZone } from '@/components/detail/detail-cards';
import DetailTable from '@/components/detail/detail-table';
import { RecordCardCell } from '@/components/detail/record-card-cell';
import { countNoun } from '@/lib/count-noun';
import MoneyText from '@/components/list/money-text';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { paymentLinkPaymentsQueryOptions } from '../api/get-payment-link-detail';
import { paymentDetailPath } from '../utils/link-paths';

export const LINK_PAYMENTS_PAGE_SIZE = 10;

const TONE: Record<PaymentStatus, StatusTone> = {
  SUCCESS: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  CANCELLED: 'default',
};

function columns(timeZone: string | undefined): ColumnsType<PaymentLinkPayment> {
  return [
    {
      title: 'Payment ID',
      dataIndex: 'paymentId',
      render: (id: string) => (
        <Link to={paymentDetailPath(id)} className="mbo-detail-mono">
          {id}
        </Link>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: PaymentStatus, p) => (
        <>
          <StatusTag tone={TONE[status]}>{PAYMENT_STATUS_LABELS[status]}</StatusTag>
          {p.failureReason ? (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.failureReason}
              </Typography.Text>
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: 'Amount',
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number, p) => <MoneyText amount={amount} currency={p.currency} />,
    },
    {
      title: 'Customer',
      dataIndex: 'customerEmail',
      render: (email: string, p) => (
        <>
          <div>{p.customerName}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {email}
          </Typography.Text>
        </>
      ),
    },
    {
      title: 'Card',
      dataIndex: 'payMethodName',
      render: (code: string, p) => {
        const brand = codeLabel(PAYMENT_METHOD_NAME_LABELS, code);
        return p.cardLast4 ? `${brand} •••• ${p.cardLast4}` : brand;
      },
    },
    {
      title: <TimeColumnTitle title="Created" timeZone={timeZone} />,
      dataIndex: 'createdAt',
      render: (at: string) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(at, timeZone)}</span>
      ),
    },
  ];
}

/** Phones: one card per payment (amount and status, then who paid and when), as the lists show them. */
function narrowColumns(timeZone: string | undefined): ColumnsType<PaymentLinkPayment> {
  return [
    {
      key: 'payment',
      title: 'Payments',
      render: (_, p) => (
        <RecordCardCell
          to={paymentDetailPath(p.paymentId)}
          amount={p.amount}
          currency={p.currency}
          status={<StatusTag tone={TONE[p.status]}>{PAYMENT_STATUS_LABELS[p.status]}</StatusTag>}
          lines={[`${p.customerName} · ${formatDateTime(p.createdAt, timeZone)}`, p.failureReason]}
        />
      ),
    },
  ];
}

/** The payments made through one link, newest first, paged on the server; each opens its payment detail. */
export function LinkPaymentsTable({ linkId }: { linkId: string }) {
  const timeZone = useTimeZone();
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    ...paymentLinkPaymentsQueryOptions({ linkId, pageNum, pageSize: LINK_PAYMENTS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  return (
    <DetailCard
      title="Payments"
      extra={query.data ? <Typography.Text type="secondary">{countNoun(total, 'payment')}</Typography.Text> : null}
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title="The payments of this link could not be loaded."
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : (
        <DetailTable<PaymentLinkPayment>
          label="Payments of this link"
          rowKey="paymentId"
          columns={columns(timeZone)}
          narrowColumns={narrowColumns(timeZone)}
          dataSource={query.data?.records ?? []}
          loading={query.isFetching}
          locale={{ emptyText: 'No payments yet. Payments made through this link show here.' }}
          pagination={
            total > LINK_PAYMENTS_PAGE_SIZE
              ? {
                  current: pageNum,
                  pageSize: LINK_PAYMENTS_PAGE_SIZE,
                  total,
                  showSizeChanger: false,
                  onChange: setPageNum,
                }
              : false
          }
        />
      )}
    </DetailCard>
  );
}
