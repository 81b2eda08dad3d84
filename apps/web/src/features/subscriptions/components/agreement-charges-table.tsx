import { Link } from 'react-router';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AgreementCharge, AgreementDetail } from '@mbo/contracts/subscriptions';
import { DetailCard, useTimeZone } from '@/components/detail/detail-cards';
import DetailTable from '@/components/detail/detail-table';
import { RecordCardCell } from '@/components/detail/record-card-cell';
import { countNoun } from '@/lib/count-noun';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { attemptLabel, CHARGE_STATUS_LABEL, CHARGE_STATUS_TONE, paymentDetailPath } from '../utils/agreement-status';

/** "3 of 12" when the plan has a number of cycles, else the cycle alone. */
const cycleOf = (cycle: number, cycles: number | null) => (cycles ? `${cycle} of ${cycles}` : String(cycle));

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
      render: (cycle: number) => <span className="mbo-detail-time">{cycleOf(cycle, cycles)}</span>,
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
      title: <TimeColumnTitle title="Time" timeZone={timeZone} />,
      dataIndex: 'createdAt',
      render: (at: string) => <span className="mbo-detail-time">{formatDateTime(at, timeZone)}</span>,
    },
  ];
}

/** Phones: one card per charge (amount and status, then its cycle, attempt and time), as the lists show them. */
function narrowColumns(timeZone: string | undefined, cycles: number | null): ColumnsType<AgreementCharge> {
  return [
    {
      key: 'charge',
      title: 'Charges',
      render: (_, c) => (
        <RecordCardCell
          to={paymentDetailPath(c.paymentId)}
          amount={c.amount}
          currency={c.currency}
          status={
            <StatusTag tone={CHARGE_STATUS_TONE[c.status] ?? 'default'}>
              {CHARGE_STATUS_LABEL[c.status] ?? c.status}
            </StatusTag>
          }
          lines={[
            `Cycle ${cycleOf(c.cycle, cycles)} · ${attemptLabel(c.attempt)} · ${formatDateTime(c.createdAt, timeZone)}`,
            c.failureReason,
          ]}
        />
      ),
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
      extra={<Typography.Text type="secondary">{countNoun(count, 'charge')}</Typography.Text>}
    >
      <DetailTable<AgreementCharge>
        label="Charges of this agreement"
        rowKey={(c) => `${c.paymentId}-${c.cycle}-${c.attempt}`}
        columns={columns(timeZone, agreement.cycles)}
        narrowColumns={narrowColumns(timeZone, agreement.cycles)}
        dataSource={charges}
        locale={{ emptyText: 'No charges yet.' }}
        pagination={count > 12 ? { pageSize: 12, showSizeChanger: false } : false}
      />
    </DetailCard>
  );
}
