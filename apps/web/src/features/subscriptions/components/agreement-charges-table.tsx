import { Link } from 'react-router';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AgreementCharge, AgreementDetail } from '@mbo/contracts/subscriptions';
import { DetailCard, useTimeZone } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { attemptLabel, CHARGE_STATUS_LABEL, CHARGE_STATUS_TONE, paymentDetailPath } from '../utils/agreement-status';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

function columns(timeZone: string | undefined, cycles: number | null): ColumnsType<AgreementCharge> {
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
      title: 'Cycle',
      dataIndex: 'cycle',
      render: (cycle: number) => <span className="mbo-detail-time">{cycles ? `${cycle} of ${cycles}` : cycle}</span>,
    },
    {
      title: 'Attempt',
      dataIndex: 'attempt',
      render: (attempt: number) => <span style={{ whiteSpace: 'nowrap' }}>{attemptLabel(attempt)}</span>,
    },
    {
      title: 'Amount',
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number, c) => <MoneyText amount={amount} currency={c.currency} />,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: AgreementCharge['status']) => (
        <StatusTag tone={CHARGE_STATUS_TONE[status] ?? 'default'}>{CHARGE_STATUS_LABEL[status] ?? status}</StatusTag>
      ),
    },
    { title: 'Failure reason', dataIndex: 'failureReason', render: (reason: string | null) => reason || dash },
    {
      title: (
        <span>
          Time
          <span
            style={{
              display: 'block',
              fontSize: 12,
              fontWeight: 400,
              color: 'var(--mbo-text-secondary)',
              whiteSpace: 'nowrap',
            }}
          >
            {timeZoneLabel(timeZone)}
          </span>
        </span>
      ),
      dataIndex: 'createdAt',
      render: (at: string) => <span className="mbo-detail-time">{formatDateTime(at, timeZone)}</span>,
    },
  ];
}

/** The newest first: later cycles, and within a cycle later attempts. */
const newestFirst = (a: AgreementCharge, b: AgreementCharge) =>
  b.cycle - a.cycle || b.attempt - a.attempt || b.createdAt.localeCompare(a.createdAt);

/** Every charge made under the agreement (the checkout payment, renewals and their retries); each opens its payment. */
export function AgreementChargesTable({ agreement }: { agreement: AgreementDetail }) {
  const timeZone = useTimeZone();
  const charges = [...agreement.charges].sort(newestFirst);
  const count = charges.length;
  return (
    <DetailCard
      title="Charges"
      extra={
        <Typography.Text type="secondary">{`${count.toLocaleString('en-US')} ${count === 1 ? 'charge' : 'charges'}`}</Typography.Text>
      }
    >
      <Table<AgreementCharge>
        rowKey={(c) => `${c.paymentId}-${c.cycle}-${c.attempt}`}
        size="middle"
        columns={columns(timeZone, agreement.cycles)}
        dataSource={charges}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No charges yet.' }}
        pagination={count > 12 ? { pageSize: 12, showSizeChanger: false } : false}
      />
    </DetailCard>
  );
}
