import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import type { PaymentLinkPayment } from '@mbo/contracts/payment-links';
import type { PaymentStatus } from '@mbo/contracts/payments';
import { DetailCard, useTimeZone } from '@/components/detail/detail-cards';
import DetailTable from '@/components/detail/detail-table';
import { RecordCardCell } from '@/components/detail/record-card-cell';
import { displayNumber } from '@/lib/formats';
import { useLabel } from '@/i18n/use-label';
import MoneyText from '@/components/list/money-text';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { paymentLinkPaymentsQueryOptions } from '../api/get-payment-link-detail';
import { paymentDetailPath } from '../utils/link-paths';
import { RecordText } from '@/components/record-text';

export const LINK_PAYMENTS_PAGE_SIZE = 10;

const TONE: Record<PaymentStatus, StatusTone> = {
  SUCCESS: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  CANCELLED: 'default',
};

type Label = ReturnType<typeof useLabel>;

function columns(t: TFunction, label: Label, timeZone: string | undefined): ColumnsType<PaymentLinkPayment> {
  return [
    {
      title: t('paymentId'),
      dataIndex: 'paymentId',
      render: (id: string) => (
        <Link to={paymentDetailPath(id)} className="mbo-detail-mono">
          {id}
        </Link>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (status: PaymentStatus, p) => (
        <>
          <StatusTag tone={TONE[status]}>{label('PAYMENT_STATUSES', status)}</StatusTag>
          {p.failureReason ? (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <RecordText text={p.failureReason} />
              </Typography.Text>
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: t('amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number, p) => <MoneyText amount={amount} currency={p.currency} />,
    },
    {
      title: t('customer'),
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
      title: t('card'),
      dataIndex: 'payMethodName',
      render: (code: string, p) => {
        const brand = label('PAYMENT_METHOD_NAMES', code);
        return p.cardLast4 ? `${brand} •••• ${p.cardLast4}` : brand;
      },
    },
    {
      title: <TimeColumnTitle title={t('created')} timeZone={timeZone} />,
      dataIndex: 'createdAt',
      render: (at: string) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(at, timeZone)}</span>
      ),
    },
  ];
}

/** Phones: one card per payment (amount and status, then who paid and when), as the lists show them. */
function narrowColumns(t: TFunction, label: Label, timeZone: string | undefined): ColumnsType<PaymentLinkPayment> {
  return [
    {
      key: 'payment',
      title: t('title'),
      render: (_, p) => (
        <RecordCardCell
          to={paymentDetailPath(p.paymentId)}
          amount={p.amount}
          currency={p.currency}
          status={<StatusTag tone={TONE[p.status]}>{label('PAYMENT_STATUSES', p.status)}</StatusTag>}
          lines={[
            `${p.customerName} · ${formatDateTime(p.createdAt, timeZone)}`,
            <RecordText key="reason" text={p.failureReason} />,
          ]}
        />
      ),
    },
  ];
}

/** The payments made through one link, newest first, paged on the server; each opens its payment detail. */
export function LinkPaymentsTable({ linkId }: { linkId: string }) {
  const { t } = useTranslation('payment-links', { keyPrefix: 'payments' });
  const label = useLabel();
  const timeZone = useTimeZone();
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    ...paymentLinkPaymentsQueryOptions({ linkId, pageNum, pageSize: LINK_PAYMENTS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  return (
    <DetailCard
      title={t('title')}
      extra={
        query.data ? (
          <Typography.Text type="secondary">
            {t('count', { count: total, number: displayNumber(total) })}
          </Typography.Text>
        ) : null
      }
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <DetailTable<PaymentLinkPayment>
          label={t('label')}
          rowKey="paymentId"
          columns={columns(t, label, timeZone)}
          narrowColumns={narrowColumns(t, label, timeZone)}
          dataSource={query.data?.records ?? []}
          loading={query.isFetching}
          locale={{ emptyText: t('empty') }}
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
