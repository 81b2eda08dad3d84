import { Link, useNavigate } from 'react-router';
import { Tooltip, Typography, type TableColumnsType } from 'antd';
import type { RefundRecord } from '@mbo/contracts/refunds';
import type { RefundListColumnKey } from '@mbo/contracts/lists/refunds-list';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { paymentDetailPath, refundDetailPath } from '../utils/refund-paths';
import { REFUND_STATUS_TONE, refundReasonLabel } from '../utils/refund-status';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { RecordText } from '@/components/record-text';

const time = (iso: string | null, tz: string | undefined) =>
  iso ? (
    <span className="mbo-list-nowrap">{formatDateTime(iso, tz)}</span>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

function RefundStatus({ record: r }: { record: RefundRecord }) {
  const label = useLabel();
  const tag = <StatusTag tone={REFUND_STATUS_TONE[r.status]}>{label('REFUND_STATUSES', r.status)}</StatusTag>;
  return r.status === 'FAILED' && r.failureReason ? (
    <Tooltip title={<RecordText text={r.failureReason} />}>{tag}</Tooltip>
  ) : (
    tag
  );
}

type RefundTableParts = Pick<ListTableProps<RefundRecord>, 'cells' | 'titles' | 'narrowColumns' | 'onRowClick'>;

/** How the refunds list shows each column of REFUNDS_LIST, its phone layout, and where a row leads. */
export function useRefundsTable(): RefundTableParts {
  const tz = useGlobalState().user?.timeZone;
  const navigate = useNavigate();
  const { t } = useTranslation('refunds', { keyPrefix: 'table' });
  const label = useLabel();
  const link = (to: string, id: string) => (
    <Link to={to} className="mbo-list-mono" onClick={(e) => e.stopPropagation()}>
      {id}
    </Link>
  );
  const cells: Record<RefundListColumnKey, (r: RefundRecord) => React.ReactNode> = {
    refundId: (r) => link(refundDetailPath(r.refundId), r.refundId),
    createdAt: (r) => time(r.createdAt, tz),
    amount: (r) => <MoneyText amount={r.amount} currency={r.currency} strong />,
    status: (r) => <RefundStatus record={r} />,
    paymentId: (r) => link(paymentDetailPath(r.paymentId), r.paymentId),
    reason: (r) => (
      <Tooltip title={r.note || undefined} placement="topLeft">
        <span>{refundReasonLabel(label, r.reason)}</span>
      </Tooltip>
    ),
    merchantOrderNo: (r) => r.merchantOrderNo || '—',
    finishedAt: (r) => time(r.finishedAt, tz),
  };
  // Phones get two columns (id with time and reason, amount with status) instead of a table to scroll sideways.
  const narrowColumns: TableColumnsType<RefundRecord> = [
    {
      key: 'refund',
      title: t('refund'),
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          {cells.refundId(r)}
          <span className="mbo-list-sub">{formatDateTime(r.createdAt, tz)}</span>
          <span className="mbo-list-sub">{refundReasonLabel(label, r.reason)}</span>
        </div>
      ),
    },
    {
      key: 'amount',
      title: t('amount'),
      align: 'right',
      width: 124,
      render: (_, r) => (
        <div>
          <MoneyText amount={r.amount} currency={r.currency} strong />
          <div style={{ marginTop: 4 }}>
            <RefundStatus record={r} />
          </div>
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: {
      createdAt: <TimeColumnTitle title={t('created')} timeZone={tz} />,
      finishedAt: <TimeColumnTitle title={t('finished')} timeZone={tz} />,
    },
    narrowColumns,
    onRowClick: (r) => void navigate(refundDetailPath(r.refundId)),
  };
}
