import { useTranslation } from '@/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { Typography, type TableColumnsType } from 'antd';
import type { SettlementListColumnKey } from '@mbo/contracts/lists/settlements-list';
import type { SettlementRecord } from '@mbo/contracts/settlements';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import { displayDay } from '@/lib/display-day';
import { displayNumber } from '@/lib/formats';
import { formatDateTime } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { SETTLEMENT_DETAIL_PATH, settlementDetailPath } from '../utils/batch-status';
import { SettlementStatusTag } from './settlement-status-tag';

const DASH = <Typography.Text type="secondary">—</Typography.Text>;

/** What came off the gross: "−12.50 USD", a dash when nothing did. */
export function Deduction({ amount, currency }: { amount: number; currency: string }) {
  if (amount === 0) return DASH;
  return <MoneyText amount={Math.abs(amount)} currency={currency} sign={amount > 0 ? '−' : '+'} type="secondary" />;
}

type SettlementTableParts = Pick<ListTableProps<SettlementRecord>, 'cells' | 'titles' | 'narrowColumns' | 'onRowClick'>;

/**
 * How the settlement history shows each column of SETTLEMENTS_LIST (the `date` format: the day as
 * written, "23 Nov 2026"), its phone layout, and where a row leads: the settlement's detail, for a
 * role that may open it.
 */
export function useSettlementsTable(): SettlementTableParts {
  const { user, authUrls } = useGlobalState();
  const tz = user?.timeZone;
  const navigate = useNavigate();
  const { t } = useTranslation('settlements', { keyPrefix: 'table' });
  const canOpen = authUrls.includes(SETTLEMENT_DETAIL_PATH);
  const toDetail = (r: SettlementRecord, text: string, mono = false) =>
    canOpen ? (
      <Link
        to={settlementDetailPath(r.settlementId)}
        className={mono ? 'mbo-list-mono' : 'mbo-list-nowrap'}
        onClick={(e) => e.stopPropagation()}
      >
        {text}
      </Link>
    ) : (
      <span className={mono ? 'mbo-list-mono' : 'mbo-list-nowrap'}>{text}</span>
    );
  const cells: Record<SettlementListColumnKey, (r: SettlementRecord) => React.ReactNode> = {
    settlementDay: (r) => toDetail(r, displayDay(r.settlementDay)),
    currency: (r) => r.currency,
    gross: (r) => <MoneyText amount={r.gross} currency={r.currency} />,
    refunds: (r) => <Deduction amount={r.refunds} currency={r.currency} />,
    fees: (r) => <Deduction amount={r.fees} currency={r.currency} />,
    disputes: (r) => <Deduction amount={r.disputes} currency={r.currency} />,
    net: (r) => <MoneyText amount={r.net} currency={r.currency} strong />,
    status: (r) => <SettlementStatusTag status={r.status} />,
    bankReference: (r) => (r.bankReference ? <span className="mbo-list-mono">{r.bankReference}</span> : DASH),
    paymentCount: (r) => displayNumber(r.paymentCount),
    settlementId: (r) => toDetail(r, r.settlementId, true),
    paidAt: (r) => (r.paidAt ? <span className="mbo-list-nowrap">{formatDateTime(r.paidAt, tz)}</span> : DASH),
  };
  // Phones: the day with its status and reference, beside the net and the gross it came from.
  const narrowColumns: TableColumnsType<SettlementRecord> = [
    {
      key: 'settlement',
      title: t('settlement'),
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          {cells.settlementDay(r)}
          <div style={{ marginTop: 4 }}>
            <SettlementStatusTag status={r.status} />
          </div>
          {r.bankReference ? <span className="mbo-list-sub mbo-list-mono">{r.bankReference}</span> : null}
        </div>
      ),
    },
    {
      key: 'net',
      title: t('net'),
      align: 'right',
      width: 150,
      render: (_, r) => (
        <div>
          <MoneyText amount={r.net} currency={r.currency} strong />
          <span className="mbo-list-sub">
            {t('gross')} <MoneyText amount={r.gross} currency={r.currency} />
          </span>
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: {
      paidAt: <TimeColumnTitle title={t('paidAt')} timeZone={tz} />,
    },
    narrowColumns,
    onRowClick: canOpen ? (r) => void navigate(settlementDetailPath(r.settlementId)) : undefined,
  };
}
