import { Link, useNavigate } from 'react-router';
import { Space } from 'antd';
import type { TableColumnsType } from 'antd';
import type { PaymentRecord } from '@mbo/contracts/payments';
import type { PaymentListColumnKey } from '@mbo/contracts/lists/payments-list';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { ZoneSubLabel } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { disputeTone, PAYMENT_STATUS_TONE } from '../utils/payment-status';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

export function paymentDetailPath(paymentId: string): string {
  return `/transactions/payments_detail?paymentId=${encodeURIComponent(paymentId)}`;
}

/** Status tag with the refund and dispute state beside it. */
export function PaymentStatusCell({
  record,
}: {
  record: Pick<PaymentRecord, 'status' | 'refundStatus' | 'disputeStatus'>;
}) {
  const { t } = useTranslation('payments', { keyPrefix: 'table' });
  const label = useLabel();
  const refund = record.refundStatus === 'NONE' ? null : label('REFUND_STATES', record.refundStatus);
  return (
    <Space size={4} wrap>
      <StatusTag tone={PAYMENT_STATUS_TONE[record.status]}>{label('PAYMENT_STATUSES', record.status)}</StatusTag>
      {refund ? <StatusTag tone="processing">{refund}</StatusTag> : null}
      {record.disputeStatus ? (
        <StatusTag tone={disputeTone(record.disputeStatus)}>
          {t('dispute', { status: label('DISPUTE_STATUSES', record.disputeStatus) })}
        </StatusTag>
      ) : null}
    </Space>
  );
}

type PaymentTableParts = Pick<ListTableProps<PaymentRecord>, 'cells' | 'titles' | 'narrowColumns' | 'onRowClick'>;

/** How the payments list shows each column of PAYMENTS_LIST, its phone layout, and where a row leads. */
export function usePaymentsTable(): PaymentTableParts {
  const { user } = useGlobalState();
  const navigate = useNavigate();
  const tz = user?.timeZone;
  const { t } = useTranslation('payments', { keyPrefix: 'table' });
  const label = useLabel();
  const idLink = (r: PaymentRecord) => (
    <Link to={paymentDetailPath(r.paymentId)} className="mbo-list-mono" onClick={(e) => e.stopPropagation()}>
      {r.paymentId}
    </Link>
  );
  const method = (r: PaymentRecord) => label('PAYMENT_METHOD_NAMES', r.payMethodName);
  const cells: Record<PaymentListColumnKey, (r: PaymentRecord) => React.ReactNode> = {
    paymentId: idLink,
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
    amount: (r) => <MoneyText amount={r.amount} currency={r.currency} strong />,
    status: (r) => <PaymentStatusCell record={r} />,
    method: (r) => (
      <span>
        <span className="mbo-list-nowrap">{method(r)}</span>
        <span className="mbo-list-sub">
          {r.cardMasked ? (
            <span className="mbo-list-mono">{r.cardMasked}</span>
          ) : (
            label('PAYMENT_METHOD_TYPES', r.payMethodType)
          )}
        </span>
      </span>
    ),
    customer: (r) => (
      <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        <span>{r.customerName || '—'}</span>
        <span className="mbo-list-sub" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {r.customerEmail}
        </span>
      </span>
    ),
    merchantOrderNo: (r) => r.merchantOrderNo || '—',
    country: (r) => r.country,
    fee: (r) => <MoneyText amount={r.fee} currency={r.currency} />,
    net: (r) => <MoneyText amount={r.net} currency={r.currency} />,
  };
  // Phones get one column per payment (a card: amount and status, id and time, customer and method).
  const narrowColumns: TableColumnsType<PaymentRecord> = [
    {
      key: 'payment',
      title: t('narrowTitle', { zone: timeZoneLabel(tz) }),
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
            <MoneyText amount={r.amount} currency={r.currency} strong />
            <PaymentStatusCell record={r} />
          </div>
          {idLink(r)}
          <span className="mbo-list-sub">
            {formatDateTime(r.createdAt, tz)} · {method(r)}
            {r.cardMasked ? ` ${r.cardMasked}` : ''}
          </span>
          <span className="mbo-list-sub" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {r.customerEmail}
          </span>
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: {
      createdAt: (
        <span>
          {t('created')}
          <ZoneSubLabel timeZone={tz} />
        </span>
      ),
    },
    narrowColumns,
    onRowClick: (r) => void navigate(paymentDetailPath(r.paymentId)),
  };
}
