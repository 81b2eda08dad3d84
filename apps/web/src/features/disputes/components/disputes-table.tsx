import { Link, useNavigate } from 'react-router';
import { Typography, type TableColumnsType } from 'antd';
import { disputeReasonOf } from '@mbo/contracts/dispute-reasons';
import type { DisputeRecord } from '@mbo/contracts/disputes';
import { DISPUTE_TYPE_LABELS, type DisputeListColumnKey } from '@mbo/contracts/lists/disputes-list';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { ZoneSubLabel } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import {
  DISPUTE_STATUS_LABEL,
  DISPUTE_STATUS_TONE,
  disputeDetailPath,
  dueState,
  paymentDetailPath,
} from '../utils/dispute-status';
import './disputes.css';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** The due date of a dispute that needs evidence: highlighted within 3 days, marked when overdue. */
export function DueCell({ record: r, tz }: { record: DisputeRecord; tz: string | undefined }) {
  if (!r.dueAt) return dash;
  const due = dueState(r.dueAt);
  return (
    <span className={`mbo-dispute-due mbo-dispute-due--${due.tone}`}>
      <span className="mbo-list-nowrap">{formatDateTime(r.dueAt, tz)}</span>
      <span className="mbo-list-sub">{due.label}</span>
    </span>
  );
}

function DisputeStatus({ record: r }: { record: DisputeRecord }) {
  return <StatusTag tone={DISPUTE_STATUS_TONE[r.status]}>{DISPUTE_STATUS_LABEL[r.status] ?? r.status}</StatusTag>;
}

type DisputeTableParts = Pick<ListTableProps<DisputeRecord>, 'cells' | 'titles' | 'narrowColumns' | 'onRowClick'>;

/** How the disputes list shows each column of DISPUTES_LIST, its phone layout, and where a row leads. */
export function useDisputesTable(): DisputeTableParts {
  const tz = useGlobalState().user?.timeZone;
  const navigate = useNavigate();
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
    reason: (r) => disputeReasonOf(r.reason).label,
    dueAt: (r) => <DueCell record={r} tz={tz} />,
    paymentId: (r) => (r.paymentId ? link(paymentDetailPath(r.paymentId), r.paymentId) : dash),
    type: (r) => DISPUTE_TYPE_LABELS[r.type],
    fee: (r) => <MoneyText amount={r.fee} currency={r.currency} />,
    customerEmail: (r) => r.customerEmail || dash,
    merchantOrderNo: (r) => r.merchantOrderNo || dash,
  };
  const zone = <ZoneSubLabel timeZone={tz} />;
  const narrowColumns: TableColumnsType<DisputeRecord> = [
    {
      key: 'dispute',
      title: 'Dispute',
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          {cells.disputeId(r)}
          <span className="mbo-list-sub">
            {DISPUTE_TYPE_LABELS[r.type]} · {disputeReasonOf(r.reason).label}
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
      title: 'Amount',
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
    titles: { createdAt: <span>Opened{zone}</span>, dueAt: <span>Evidence due{zone}</span> },
    narrowColumns,
    onRowClick: (r) => void navigate(disputeDetailPath(r.disputeId)),
  };
}
