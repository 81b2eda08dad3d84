import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import type { SettlementBatchRecord } from '@mbo/contracts/settlements';
import { CopyableText, DetailCard, DetailFigures, DetailTime } from '@/components/detail/detail-cards';
import DetailPage from '@/components/detail/detail-page';
import { DetailTimeline, type DetailEvent } from '@/components/detail/detail-timeline';
import { MAX_DETAIL_ID_LENGTH, useDetailId } from '@/components/detail/use-detail-id';
import { displayDay } from '@/lib/display-day';
import { displayMoney } from '@/lib/display-money';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { batchDetailQueryOptions } from '../api/get-batch-detail';
import { settlementTransactionsQueryOptions } from '../api/list-settlement-transactions';
import { batchCountdown, useNow } from '../utils/batch-countdown';
import { cycleLabel, SETTLEMENT_DETAIL_PATH, settlementDetailPath } from '../utils/batch-status';
import { BatchStatusTag } from './batch-table';
import SettlementTransactionsTable from './settlement-transactions-table';
import './batch.css';
import { countryName } from '@/lib/country-name';

type Props = { batch: SettlementBatchRecord };

/** Payments, gross, fees, refunds and the net they leave. */
function BatchTotalsCard({ batch: b }: Props) {
  const money = (minor: number) => displayMoney(minor, b.currency);
  const deduction = (minor: number) => `${minor ? '−' : ''}${money(minor)}`;
  return (
    <DetailCard title="Totals">
      <DetailFigures
        figures={[
          { label: 'Payments', value: b.paymentCount.toLocaleString('en-US') },
          { label: 'Gross', value: money(b.gross) },
          { label: 'Fees', value: deduction(b.fees) },
          {
            label: 'Refunds',
            value: deduction(b.refunds),
            note: b.refundCount ? `${b.refundCount.toLocaleString('en-US')} deducted` : null,
          },
          { label: 'Net', value: money(b.net) },
        ]}
      />
    </DetailCard>
  );
}

/** The settlement's id, to its detail when the role may open it. */
function SettlementLink({ settlementId }: { settlementId: string }) {
  const { authUrls } = useGlobalState();
  return authUrls.includes(SETTLEMENT_DETAIL_PATH) ? (
    <Link to={settlementDetailPath(settlementId)}>{settlementId}</Link>
  ) : (
    <>{settlementId}</>
  );
}

/** The settlement a batch went into (copyable), or that there is none yet. */
function SettlementFact({ batch: b }: Props) {
  if (!b.settlementId) return <Typography.Text type="secondary">Not settled yet</Typography.Text>;
  return (
    <CopyableText text={b.settlementId} label="settlement ID" mono>
      <SettlementLink settlementId={b.settlementId} />
    </CopyableText>
  );
}

/**
 * When it closes and settles, by which rule (cycle, country's working days, daily cut-off), and into which settlement.
 */
function BatchScheduleCard({ batch: b, now }: Props & { now: number }) {
  return (
    <DetailCard
      title="Schedule"
      zone
      facts={[
        ['Currency', b.currency],
        ['Business day', displayDay(b.businessDay)],
        [
          'Cut-off',
          <span>
            <DetailTime iso={b.closesAt} />
            {b.status === 'OPEN' ? (
              <Typography.Text type="secondary" className="mbo-batch-countdown">
                {batchCountdown(b.closesAt, now)}
              </Typography.Text>
            ) : null}
          </span>,
        ],
        ['Settles on', displayDay(b.dueDay)],
        ['Settlement cycle', `${cycleLabel(b)} (working days after the business day)`],
        ['Settlement country', countryName(b.settlementCountry)],
        ['Daily cut-off', `${b.cutoffTime} ${b.timeZone}`],
        ['Settlement', <SettlementFact batch={b} />],
      ]}
    />
  );
}

function BatchTimelineCard({ batch: b }: Props) {
  const events: DetailEvent[] = [{ key: 'opened', title: 'Opened', at: b.createdAt, tone: 'processing' }];
  if (b.closedAt)
    events.push({
      key: 'closed',
      title: 'Closed',
      note: `Settles on ${displayDay(b.dueDay)}.`,
      at: b.closedAt,
      tone: 'warning',
    });
  if (b.settledAt)
    events.push({
      key: 'settled',
      title: 'Settled',
      note: b.settlementId ? (
        <>
          In settlement <SettlementLink settlementId={b.settlementId} />
        </>
      ) : null,
      at: b.settledAt,
      tone: 'success',
    });
  return <DetailTimeline events={events} />;
}

/** Open: what still joins it. Closed: when it is paid. */
function notice(b: SettlementBatchRecord): React.ReactNode {
  if (b.status === 'OPEN') {
    return (
      <Alert
        type="info"
        showIcon
        title="This batch is open: payments captured before its cut-off still join it, so its totals can grow."
      />
    );
  }
  if (b.status === 'CLOSED')
    return <Alert type="info" showIcon title={`This batch is closed and settles on ${displayDay(b.dueDay)}.`} />;
  return null;
}

/** The batch and its first page of payments, as soon as the page's code is in (quiet: the page shows errors). */
export const prefetchBatch: PagePrefetch = ({ queryClient, search }) => {
  const batchId = (search.get('batchId') ?? '').trim();
  if (!batchId || batchId.length > MAX_DETAIL_ID_LENGTH) return;
  void queryClient.prefetchQuery(batchDetailQueryOptions(batchId));
  void queryClient.prefetchQuery(settlementTransactionsQueryOptions({ batchId, pageNum: 1, pageSize: 20 }));
};

/**
 * One clearing batch (`?batchId=`) on the detail kit: its net, status and countdown while open, its
 * totals and payments, its schedule and the settlement it went into. Both batch detail routes show
 * it; `list` is the one it opens from.
 */
export default function BatchDetail({ list }: { list: { to: string; label: string } }) {
  const id = useDetailId('batchId');
  const query = useQuery({ ...batchDetailQueryOptions(id.value), enabled: id.valid });
  const now = useNow();
  return (
    <DetailPage<SettlementBatchRecord>
      noun="batch"
      list={list}
      id={id}
      query={query}
      header={(b) => ({
        title: displayMoney(b.net, b.currency),
        status: <BatchStatusTag status={b.status} />,
        meta: (
          <Typography.Text type="secondary">
            {b.status === 'OPEN' ? `${batchCountdown(b.closesAt, now)} · ` : ''}
            {b.status === 'SETTLED' ? 'Settled on' : 'Settles on'} {displayDay(b.dueDay)}
          </Typography.Text>
        ),
        notice: notice(b),
      })}
      main={(b) => <BatchTotalsCard batch={b} />}
      side={(b) => (
        <>
          <BatchScheduleCard batch={b} now={now} />
          <BatchTimelineCard batch={b} />
        </>
      )}
      below={(b) => <SettlementTransactionsTable batchId={b.batchId} />}
    />
  );
}
