import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { WithdrawalListColumnKey } from '@mbo/contracts/lists/withdrawals-list';
import type { WithdrawalRecord } from '@mbo/contracts/withdrawals';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { useLabel } from '@/i18n/use-label';
import { WITHDRAWAL_STATUS_TONE } from '../utils/withdrawal-status';

export function WithdrawalStatusTag({ status }: { status: WithdrawalRecord['status'] }) {
  const label = useLabel();
  return <StatusTag tone={WITHDRAWAL_STATUS_TONE[status]}>{label('WITHDRAWAL_STATUSES', status)}</StatusTag>;
}

/** How the withdrawal history shows each column of WITHDRAWALS_LIST, and its phone layout; a row opens the detail. */
export function withdrawalsTable(
  tz: string | null | undefined,
  t: TFunction,
): Pick<ListTableProps<WithdrawalRecord>, 'cells' | 'titles' | 'narrowColumns'> {
  const cells: Record<WithdrawalListColumnKey, (r: WithdrawalRecord) => React.ReactNode> = {
    withdrawalId: (r) => <span className="mbo-list-mono">{r.withdrawalId}</span>,
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
    amount: (r) => <MoneyText amount={r.amount} currency={r.currency} strong />,
    status: (r) => <WithdrawalStatusTag status={r.status} />,
    account: (r) => (
      <span>
        <span className="mbo-list-nowrap">{r.bankName}</span>
        <span className="mbo-list-sub mbo-list-mono">{r.maskedNumber}</span>
      </span>
    ),
    fee: (r) => <MoneyText amount={r.fee} currency={r.currency} />,
    netAmount: (r) => <MoneyText amount={r.netAmount} currency={r.currency} />,
    remark: (r) => r.remark ?? '',
    bankReference: (r) => <span className="mbo-list-mono">{r.bankReference ?? ''}</span>,
    finishedAt: (r) =>
      r.finishedAt ? <span className="mbo-list-nowrap">{formatDateTime(r.finishedAt, tz)}</span> : '',
  };
  const narrowColumns: TableColumnsType<WithdrawalRecord> = [
    {
      key: 'withdrawal',
      title: t('table.narrowTitle', { zone: timeZoneLabel(tz) }),
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
            <MoneyText amount={r.amount} currency={r.currency} strong />
            <WithdrawalStatusTag status={r.status} />
          </div>
          <span className="mbo-list-sub">
            {r.bankName} {r.maskedNumber} · {formatDateTime(r.createdAt, tz)}
          </span>
        </div>
      ),
    },
  ];
  const titles = {
    createdAt: <TimeColumnTitle title={t('table.created')} timeZone={tz} />,
    finishedAt: <TimeColumnTitle title={t('table.finished')} timeZone={tz} />,
  };
  return { cells, titles, narrowColumns };
}
