import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
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
import { displayNumber } from '@/lib/formats';
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
  const { t } = useTranslation('settlements', { keyPrefix: 'batchDetail' });
  const money = (minor: number) => displayMoney(minor, b.currency);
  const deduction = (minor: number) => `${minor ? '−' : ''}${money(minor)}`;
  return (
    <DetailCard title={t('totals')}>
      <DetailFigures
        figures={[
          { label: t('payments'), value: displayNumber(b.paymentCount) },
          { label: t('gross'), value: money(b.gross) },
          { label: t('fees'), value: deduction(b.fees) },
          {
            label: t('refunds'),
            value: deduction(b.refunds),
            note: b.refundCount ? t('refundsDeducted', { number: displayNumber(b.refundCount) }) : null,
          },
          { label: t('net'), value: money(b.net) },
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
  const { t } = useTranslation('settlements', { keyPrefix: 'batchDetail' });
  if (!b.settlementId) return <Typography.Text type="secondary">{t('notSettled')}</Typography.Text>;
  return (
    <CopyableText text={b.settlementId} label={t('settlementIdLabel')} mono>
      <SettlementLink settlementId={b.settlementId} />
    </CopyableText>
  );
}

/**
 * When it closes and settles, by which rule (cycle, country's working days, daily cut-off), and into which settlement.
 */
function BatchScheduleCard({ batch: b, now }: Props & { now: number }) {
  const { t } = useTranslation('settlements');
  const w = (key: string, values?: Record<string, unknown>) => t(`batchDetail.${key}`, values);
  return (
    <DetailCard
      title={w('schedule')}
      zone
      facts={[
        [w('currency'), b.currency],
        [w('businessDay'), displayDay(b.businessDay)],
        [
          w('cutoff'),
          <span>
            <DetailTime iso={b.closesAt} />
            {b.status === 'OPEN' ? (
              <Typography.Text type="secondary" className="mbo-batch-countdown">
                {batchCountdown(b.closesAt, now, t)}
              </Typography.Text>
            ) : null}
          </span>,
        ],
        [w('settlesOn'), displayDay(b.dueDay)],
        [w('cycle'), w('cycleValue', { cycle: cycleLabel(b) })],
        [w('country'), countryName(b.settlementCountry)],
        [w('dailyCutoff'), `${b.cutoffTime} ${b.timeZone}`],
        [w('settlement'), <SettlementFact batch={b} />],
      ]}
    />
  );
}

function BatchTimelineCard({ batch: b }: Props) {
  const { t } = useTranslation('settlements', { keyPrefix: 'batchDetail' });
  const events: DetailEvent[] = [{ key: 'opened', title: t('opened'), at: b.createdAt, tone: 'processing' }];
  if (b.closedAt)
    events.push({
      key: 'closed',
      title: t('closed'),
      note: t('closedNote', { day: displayDay(b.dueDay) }),
      at: b.closedAt,
      tone: 'warning',
    });
  if (b.settledAt)
    events.push({
      key: 'settled',
      title: t('settled'),
      note: b.settlementId ? (
        <>
          {t('inSettlement')} <SettlementLink settlementId={b.settlementId} />
        </>
      ) : null,
      at: b.settledAt,
      tone: 'success',
    });
  return <DetailTimeline events={events} />;
}

/** Open: what still joins it. Closed: when it is paid. */
function notice(b: SettlementBatchRecord, t: TFunction): React.ReactNode {
  if (b.status === 'OPEN') return <Alert type="info" showIcon title={t('batchDetail.openNotice')} />;
  if (b.status === 'CLOSED')
    return <Alert type="info" showIcon title={t('batchDetail.closedNotice', { day: displayDay(b.dueDay) })} />;
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
  const { t } = useTranslation('settlements');
  return (
    <DetailPage<SettlementBatchRecord>
      noun={t('batchDetail.noun')}
      list={list}
      id={id}
      query={query}
      header={(b) => ({
        title: displayMoney(b.net, b.currency),
        status: <BatchStatusTag status={b.status} />,
        meta: (
          <Typography.Text type="secondary">
            {b.status === 'OPEN' ? `${batchCountdown(b.closesAt, now, t)} · ` : ''}
            {b.status === 'SETTLED' ? t('batchDetail.settledOn') : t('batchDetail.metaSettlesOn')}{' '}
            {displayDay(b.dueDay)}
          </Typography.Text>
        ),
        notice: notice(b, t),
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
