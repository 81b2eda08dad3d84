import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Segmented, Skeleton, Typography } from 'antd';
import type { SettlementEstimation } from '@mbo/contracts/settlements';
import { DetailFigures } from '@/components/detail/detail-cards';
import PageHeader from '@/components/page-header';
import { displayDayWithWeekday } from '@/lib/display-day';
import { displayMoney } from '@/lib/display-money';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { ESTIMATION_DAYS, settlementEstimationQueryOptions } from '../api/get-settlement-estimation';
import { EstimationChart } from '../components/estimation-chart';
import { EstimationTable } from '../components/estimation-table';
import { estimationCurrencies, estimationSlots, expectedTotal } from '../utils/estimation-series';
import '../components/settlements.css';

const CURRENCY_PARAM = 'currency';

export const prefetch: PagePrefetch = ({ queryClient }) => {
  void queryClient.prefetchQuery(settlementEstimationQueryOptions());
};

/** The chosen currency's total, its next settlement, the chart of its days. */
function CurrencyOverview({ estimation, currency }: { estimation: SettlementEstimation; currency: string }) {
  const slots = estimationSlots(estimation, currency);
  const next = slots.find((s) => s.entry)?.entry ?? null;
  const { t } = useTranslation('settlements', { keyPrefix: 'estimation' });
  return (
    <Card title={t('cardTitle', { currency })} className="mbo-settlement-block">
      <DetailFigures
        figures={[
          {
            label: t('nextDays', { days: ESTIMATION_DAYS }),
            value: displayMoney(expectedTotal(estimation.days, currency), currency),
          },
          {
            label: t('nextSettlement'),
            value: next ? displayMoney(next.net, currency) : '—',
            note: next ? displayDayWithWeekday(next.day) : null,
          },
        ]}
      />
      <div className="mbo-estimation-chart-wrap">
        <EstimationChart slots={slots} currency={currency} today={estimation.from} />
      </div>
      <div className="mbo-estimation-legend" aria-hidden>
        <span>
          <i className="mbo-estimation-legend__swatch" />
          {t('expectedNet')}
        </span>
        <span>
          <i className="mbo-estimation-legend__swatch mbo-estimation-legend__swatch--open" />
          {t('batchStillOpen')}
        </span>
        <span>
          <i className="mbo-estimation-legend__swatch mbo-estimation-legend__swatch--weekend" />
          {t('weekend')}
        </span>
      </div>
    </Card>
  );
}

/**
 * /settlements/estimation: the expected settlements of the next 30 days (SETTLEMENT_PATHS.estimation).
 * A currency switcher when there are several, a bar chart of the chosen currency's days, and every
 * expected settlement in a table.
 */
export default function EstimationPage() {
  const query = useQuery(settlementEstimationQueryOptions());
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation('settlements');
  const estimation = query.data;
  const currencies = estimation ? estimationCurrencies(estimation.days) : [];
  const asked = params.get(CURRENCY_PARAM);
  const currency = asked && currencies.includes(asked) ? asked : currencies[0];
  const choose = (c: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(CURRENCY_PARAM, c);
        return next;
      },
      { replace: true },
    );

  let body: React.ReactNode;
  if (query.isError && !estimation) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('estimation.loadFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('estimation.retry')}</Button>}
      />
    );
  } else if (!estimation) {
    body = (
      <div role="status" aria-label={t('estimation.loading')}>
        <Card className="mbo-settlement-block">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  } else if (!currency) {
    body = (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('estimation.empty', { days: ESTIMATION_DAYS })} />
      </Card>
    );
  } else {
    body = (
      <>
        {currencies.length > 1 ? (
          <div className="mbo-settlement-toolbar">
            <Segmented<string>
              aria-label={t('estimation.currency')}
              options={currencies}
              value={currency}
              onChange={choose}
            />
          </div>
        ) : null}
        <CurrencyOverview estimation={estimation} currency={currency} />
        <Card title={t('estimation.expectedSettlements')}>
          <EstimationTable days={estimation.days} today={estimation.from} />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow={t('pages.eyebrow')}
        title={t('pages.estimation.title')}
        subtitle={t('pages.estimation.subtitle', { days: ESTIMATION_DAYS })}
      />
      <Typography.Paragraph type="secondary" className="mbo-settlement-note">
        {t('estimation.note')}
      </Typography.Paragraph>
      {body}
    </>
  );
}
