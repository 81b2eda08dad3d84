import { useTranslation } from '@/i18n/use-translation';
import { displayNumber } from '@/lib/formats';
import { Table, Tag, type TableColumnsType } from 'antd';
import type { EstimationDay } from '@mbo/contracts/settlements';
import MoneyText from '@/components/list/money-text';
import { displayDayWithWeekday } from '@/lib/display-day';
import { useGlobalState } from '@/lib/global-state';
import { Deduction } from './settlements-table';

const count = (n: number) => displayNumber(n);

function StillOpen() {
  const { t } = useTranslation('settlements', { keyPrefix: 'estimationTable' });
  return (
    <Tag color="processing" variant="outlined" style={{ marginInlineEnd: 0 }}>
      {t('stillOpen')}
    </Tag>
  );
}

function DayCell({ entry, today }: { entry: EstimationDay; today: string }) {
  const { t } = useTranslation('settlements', { keyPrefix: 'estimationTable' });
  return (
    <span className="mbo-list-nowrap">
      {displayDayWithWeekday(entry.day)}
      {entry.day === today ? <span className="mbo-estimation-today">{t('today')}</span> : null}
    </span>
  );
}

/**
 * The expected settlements per day and currency: batches, payments, gross, what comes off, the net, and whether a batch
 * is still open.
 */
export function EstimationTable({ days, today }: { days: readonly EstimationDay[]; today: string }) {
  const { isMobile } = useGlobalState();
  const { t } = useTranslation('settlements', { keyPrefix: 'estimationTable' });
  const wide: TableColumnsType<EstimationDay> = [
    { key: 'day', title: t('day'), width: 180, render: (_, d) => <DayCell entry={d} today={today} /> },
    { key: 'currency', title: t('currency'), width: 98, render: (_, d) => d.currency },
    { key: 'batchCount', title: t('batches'), width: 96, align: 'right', render: (_, d) => count(d.batchCount) },
    { key: 'paymentCount', title: t('payments'), width: 100, align: 'right', render: (_, d) => count(d.paymentCount) },
    {
      key: 'gross',
      title: t('gross'),
      width: 130,
      align: 'right',
      render: (_, d) => <MoneyText amount={d.gross} currency={d.currency} />,
    },
    {
      key: 'refunds',
      title: t('refunds'),
      width: 120,
      align: 'right',
      render: (_, d) => <Deduction amount={d.refunds} currency={d.currency} />,
    },
    {
      key: 'fees',
      title: t('fees'),
      width: 110,
      align: 'right',
      render: (_, d) => <Deduction amount={d.fees} currency={d.currency} />,
    },
    {
      key: 'net',
      title: t('expectedNet'),
      width: 140,
      align: 'right',
      render: (_, d) => <MoneyText amount={d.net} currency={d.currency} strong />,
    },
    {
      key: 'open',
      title: <span className="mbo-list-sr-only">{t('batchState')}</span>,
      width: 100,
      render: (_, d) => (d.includesOpen ? <StillOpen /> : null),
    },
  ];
  const narrow: TableColumnsType<EstimationDay> = [
    {
      key: 'day',
      title: t('day'),
      render: (_, d) => (
        <div style={{ minWidth: 0 }}>
          <div>
            <DayCell entry={d} today={today} />
          </div>
          <span className="mbo-list-sub" style={{ whiteSpace: 'normal' }}>
            {t('counts', {
              batches: t('batchCount', { count: d.batchCount, number: count(d.batchCount) }),
              payments: t('paymentCount', { count: d.paymentCount, number: count(d.paymentCount) }),
            })}
          </span>
        </div>
      ),
    },
    {
      key: 'net',
      title: t('expectedNet'),
      align: 'right',
      width: 150,
      render: (_, d) => (
        <div>
          <MoneyText amount={d.net} currency={d.currency} strong />
          {d.includesOpen ? (
            <div style={{ marginTop: 4 }}>
              <StillOpen />
            </div>
          ) : null}
        </div>
      ),
    },
  ];
  const columns = isMobile ? narrow : wide;
  return (
    <Table<EstimationDay>
      className="mbo-list-table"
      rowKey={(d) => `${d.day}|${d.currency}`}
      size="middle"
      columns={columns}
      dataSource={[...days]}
      pagination={false}
      tableLayout="fixed"
      // No horizontal scroll box: its columns fit the card, and a scroll box without anything to
      // focus in it cannot be scrolled from the keyboard (axe: scrollable-region-focusable).
    />
  );
}
