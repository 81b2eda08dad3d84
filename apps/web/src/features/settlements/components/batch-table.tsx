import { useTranslation } from '@/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import type { TableColumnsType } from 'antd';
import type { BatchListColumnKey } from '@mbo/contracts/lists/settlements-list';
import type { SettlementBatchRecord } from '@mbo/contracts/settlements';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { displayDay } from '@/lib/display-day';
import { displayNumber } from '@/lib/formats';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import { batchCountdown, useNow } from '../utils/batch-countdown';
import {
  batchDetailPath,
  batchTone,
  cycleLabel,
  SETTLEMENT_DETAIL_PATH,
  settlementDetailPath,
} from '../utils/batch-status';

export function BatchStatusTag({ status }: { status: string }) {
  const label = useLabel();
  return <StatusTag tone={batchTone(status)}>{label('BATCH_STATUSES', status)}</StatusTag>;
}

type BatchTableParts = Pick<ListTableProps<SettlementBatchRecord>, 'cells' | 'titles' | 'narrowColumns' | 'onRowClick'>;

/**
 * How the batch lists show each column of SETTLEMENT_BATCHES_LIST / SETTLEMENT_BATCH_HISTORY_LIST,
 * their phone layout, and where a row leads: the batch's detail under the open batches or under the
 * history (`from`). An open batch's cut-off counts down.
 */
export function useBatchesTable(from: 'open' | 'history'): BatchTableParts {
  const { user, authUrls } = useGlobalState();
  const navigate = useNavigate();
  const now = useNow();
  const tz = user?.timeZone;
  const { t } = useTranslation('settlements');
  const idLink = (r: SettlementBatchRecord) => (
    <Link to={batchDetailPath(r.batchId, from)} className="mbo-list-mono" onClick={(e) => e.stopPropagation()}>
      {r.batchId}
    </Link>
  );
  const cutoff = (r: SettlementBatchRecord) => (
    <span>
      <span className="mbo-list-nowrap">{formatDateTime(r.closesAt, tz)}</span>
      {r.status === 'OPEN' ? <span className="mbo-list-sub">{batchCountdown(r.closesAt, now, t)}</span> : null}
    </span>
  );
  const settlement = (r: SettlementBatchRecord) => {
    if (!r.settlementId) return '—';
    return authUrls.includes(SETTLEMENT_DETAIL_PATH) ? (
      <Link to={settlementDetailPath(r.settlementId)} className="mbo-list-mono" onClick={(e) => e.stopPropagation()}>
        {r.settlementId}
      </Link>
    ) : (
      <span className="mbo-list-mono">{r.settlementId}</span>
    );
  };
  const cells: Record<BatchListColumnKey, (r: SettlementBatchRecord) => React.ReactNode> = {
    batchId: idLink,
    currency: (r) => r.currency,
    businessDay: (r) => <span className="mbo-list-nowrap">{displayDay(r.businessDay)}</span>,
    closesAt: cutoff,
    dueDay: (r) => <span className="mbo-list-nowrap">{displayDay(r.dueDay)}</span>,
    cycle: (r) => cycleLabel(r),
    paymentCount: (r) => <span className="mbo-list-nowrap">{displayNumber(r.paymentCount)}</span>,
    gross: (r) => <MoneyText amount={r.gross} currency={r.currency} />,
    fees: (r) => <MoneyText amount={r.fees} currency={r.currency} />,
    refunds: (r) => <MoneyText amount={r.refunds} currency={r.currency} />,
    net: (r) => <MoneyText amount={r.net} currency={r.currency} strong />,
    status: (r) => <BatchStatusTag status={r.status} />,
    settlementId: settlement,
  };
  // Phones: the batch, its state and cut-off, beside its net and how many payments it holds.
  const narrowColumns: TableColumnsType<SettlementBatchRecord> = [
    {
      key: 'batch',
      title: t('batchTable.narrowTitle', { zone: timeZoneLabel(tz) }),
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <div>
            <BatchStatusTag status={r.status} />
          </div>
          {idLink(r)}
          {cutoff(r)}
          <span className="mbo-list-sub">{t('batchTable.settlesOn', { day: displayDay(r.dueDay) })}</span>
        </div>
      ),
    },
    {
      key: 'net',
      title: t('batchTable.net'),
      align: 'right',
      width: 140,
      render: (_, r) => (
        <div>
          <MoneyText amount={r.net} currency={r.currency} strong />
          <span className="mbo-list-sub">
            {t('batchTable.payments', { count: r.paymentCount, number: displayNumber(r.paymentCount) })}
          </span>
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: {
      closesAt: <TimeColumnTitle title={t('batchTable.cutoff')} timeZone={tz} />,
    },
    narrowColumns,
    onRowClick: (r) => void navigate(batchDetailPath(r.batchId, from)),
  };
}
