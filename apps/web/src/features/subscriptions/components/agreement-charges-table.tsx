import { Link } from 'react-router';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import type { AgreementCharge, AgreementDetail } from '@mbo/contracts/subscriptions';
import { DetailCard, useTimeZone } from '@/components/detail/detail-cards';
import DetailTable from '@/components/detail/detail-table';
import { RecordCardCell } from '@/components/detail/record-card-cell';
import { displayNumber } from '@/lib/formats';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { attemptLabel, CHARGE_STATUS_TONE, paymentDetailPath } from '../utils/agreement-status';
import { RecordText } from '@/components/record-text';

/** "3 of 12" when the plan has a number of cycles, else the cycle alone. */
const cycleOf = (t: TFunction, cycle: number, cycles: number | null) =>
  cycles ? t('charges.cycleOf', { ns: 'subscriptions', cycle, cycles }) : String(cycle);

type Label = ReturnType<typeof useLabel>;

const dash = <Typography.Text type="secondary">—</Typography.Text>;

function columns(
  t: TFunction,
  label: Label,
  timeZone: string | undefined,
  cycles: number | null,
): ColumnsType<AgreementCharge> {
  const w = (key: string) => t(`charges.${key}`, { ns: 'subscriptions' });
  return [
    {
      title: w('paymentId'),
      dataIndex: 'paymentId',
      render: (id: string) => (
        <Link to={paymentDetailPath(id)} className="mbo-detail-mono">
          {id}
        </Link>
      ),
    },
    {
      title: w('cycle'),
      dataIndex: 'cycle',
      render: (cycle: number) => <span className="mbo-detail-time">{cycleOf(t, cycle, cycles)}</span>,
    },
    {
      title: w('attempt'),
      dataIndex: 'attempt',
      render: (attempt: number) => <span style={{ whiteSpace: 'nowrap' }}>{attemptLabel(t, attempt)}</span>,
    },
    {
      title: w('amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number, c) => <MoneyText amount={amount} currency={c.currency} />,
    },
    {
      title: w('status'),
      dataIndex: 'status',
      render: (status: AgreementCharge['status']) => (
        <StatusTag tone={CHARGE_STATUS_TONE[status] ?? 'default'}>{label('PAYMENT_STATUSES', status)}</StatusTag>
      ),
    },
    { title: w('failureReason'), dataIndex: 'failureReason', render: (reason: string | null) => reason || dash },
    {
      title: <TimeColumnTitle title={w('time')} timeZone={timeZone} />,
      dataIndex: 'createdAt',
      render: (at: string) => <span className="mbo-detail-time">{formatDateTime(at, timeZone)}</span>,
    },
  ];
}

/** Phones: one card per charge (amount and status, then its cycle, attempt and time), as the lists show them. */
function narrowColumns(
  t: TFunction,
  label: Label,
  timeZone: string | undefined,
  cycles: number | null,
): ColumnsType<AgreementCharge> {
  return [
    {
      key: 'charge',
      title: t('charges.title', { ns: 'subscriptions' }),
      render: (_, c) => (
        <RecordCardCell
          to={paymentDetailPath(c.paymentId)}
          amount={c.amount}
          currency={c.currency}
          status={
            <StatusTag tone={CHARGE_STATUS_TONE[c.status] ?? 'default'}>
              {label('PAYMENT_STATUSES', c.status)}
            </StatusTag>
          }
          lines={[
            t('charges.line', {
              ns: 'subscriptions',
              cycle: cycleOf(t, c.cycle, cycles),
              attempt: attemptLabel(t, c.attempt),
              time: formatDateTime(c.createdAt, timeZone),
            }),
            <RecordText key="reason" text={c.failureReason} />,
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
  const { t } = useTranslation('subscriptions');
  const label = useLabel();
  const timeZone = useTimeZone();
  const charges = [...agreement.charges].sort(newestFirst);
  const count = charges.length;
  return (
    <DetailCard
      title={t('charges.title')}
      extra={
        <Typography.Text type="secondary">
          {t('charges.count', { count, number: displayNumber(count) })}
        </Typography.Text>
      }
    >
      <DetailTable<AgreementCharge>
        label={t('charges.label')}
        rowKey={(c) => `${c.paymentId}-${c.cycle}-${c.attempt}`}
        columns={columns(t, label, timeZone, agreement.cycles)}
        narrowColumns={narrowColumns(t, label, timeZone, agreement.cycles)}
        dataSource={charges}
        locale={{ emptyText: t('charges.empty') }}
        pagination={count > 12 ? { pageSize: 12, showSizeChanger: false } : false}
      />
    </DetailCard>
  );
}
