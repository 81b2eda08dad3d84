import { Link, useNavigate } from 'react-router';
import { Typography, type TableColumnsType } from 'antd';
import { disputeReasonOf } from '@mbo/contracts/dispute-reasons';
import type { DisputeRecord } from '@mbo/contracts/disputes';
import type { DisputeListColumnKey } from '@mbo/contracts/lists/disputes-list';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { DISPUTE_STATUS_TONE, disputeDetailPath, dueState, paymentDetailPath } from '../utils/dispute-status';
import './disputes.css';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** The due date of a dispute that needs evidence: highlighted within 3 days, marked when overdue. */
export function DueCell({ record: r, tz }: { record: DisputeRecord; tz: string | undefined }) {
  const { t } = useTranslation('disputes', { keyPrefix: 'due' });
  if (!r.dueAt) return dash;
  const due = dueState(r.dueAt, t);
  return (
    <span className={`mbo-dispute-due mbo-dispute-due--${due.tone}`}>
      <span className="mbo-list-nowrap">{formatDateTime(r.dueAt, tz)}</span>
      <span className="mbo-list-sub">{due.label}</span>
    </span>
  );
}

function DisputeStatus({ record: r }: { record: DisputeRecord }) {
  const label = useLabel();
  return <StatusTag tone={DISPUTE_STATUS_TONE[r.status]}>{label('DISPUTE_STATUSES', r.status)}</StatusTag>;
}

type DisputeTableParts = Pick<ListTableProps<DisputeRecord>, 'cells' | 'titles' | 'narrowColumns' | 'onRowClick'>;

/** How the disputes list shows each column of DISPUTES_LIST, its phone layout, and where a row leads. */
export function useDisputesTable(): DisputeTableParts {
  const tz = useGlobalState().user?.timeZone;
  const navigate = useNavigate();
  const { t } = useTranslation('disputes', { keyPrefix: 'table' });
  const label = useLabel();
  const reason = (code: string) => label('DISPUTE_REASON_CODES', disputeReasonOf(code).code);
  const link = (to: string, id: string) => (
    <Link to={to} className="mbo-list-mono" onClick={(e) => e.stopPropagation()}>
      {id}
    </Link>
  );
  const cells: Record<DisputeListColumnKey, (r: DisputeRecord) => React.ReactNode> = {
    disputeId: (r) => link(disputeDetailPath(r.disputeId), r.disputeId),
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
    amount: (r) => <MoneyText amount={r.amount} currency={r.currency} strong />,
    status: (r) => <DisputeStatus record={r} />,
    reason: (r) => reason(r.reason),
    dueAt: (r) => <DueCell record={r} tz={tz} />,
    paymentId: (r) => (r.paymentId ? link(paymentDetailPath(r.paymentId), r.paymentId) : dash),
    type: (r) => label('DISPUTE_TYPES', r.type),
    fee: (r) => <MoneyText amount={r.fee} currency={r.currency} />,
    customerEmail: (r) => r.customerEmail || dash,
    merchantOrderNo: (r) => r.merchantOrderNo || dash,
  };
  const narrowColumns: TableColumnsType<DisputeRecord> = [
    {
      key: 'dispute',
      title: t('dispute'),
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          {cells.disputeId(r)}
          <span className="mbo-list-sub">
            {label('DISPUTE_TYPES', r.type)} · {reason(r.reason)}
          </span>
          {r.dueAt ? (
            <DueCell record={r} tz={tz} />
          ) : (
            <span className="mbo-list-sub">{formatDateTime(r.createdAt, tz)}</span>
          )}
        </div>
      ),
    },
    {
      key: 'amount',
      title: t('amount'),
      align: 'right',
      width: 130,
      render: (_, r) => (
        <div>
          <MoneyText amount={r.amount} currency={r.currency} strong />
          <div style={{ marginTop: 4 }}>
            <DisputeStatus record={r} />
          </div>
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: {
      createdAt: <TimeColumnTitle title={t('opened')} timeZone={tz} />,
      dueAt: <TimeColumnTitle title={t('evidenceDue')} timeZone={tz} />,
    },
    narrowColumns,
    onRowClick: (r) => void navigate(disputeDetailPath(r.disputeId)),
  };
}
