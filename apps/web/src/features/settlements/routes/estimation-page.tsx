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

const HEADER = {
  eyebrow: 'Settlements',
  title: 'Settlement estimation',
  subtitle: `What is expected to be paid to you in the next ${ESTIMATION_DAYS} days, per day and currency, by each batch's settlement cycle in working days.`,
};

const CURRENCY_PARAM = 'currency';

export const prefetch: PagePrefetch = ({ queryClient }) => {
  void queryClient.prefetchQuery(settlementEstimationQueryOptions());
};

/** The chosen currency's total, its next settlement, the chart of its days. */
function CurrencyOverview({ estimation, currency }: { estimation: SettlementEstimation; currency: string }) {
  const slots = estimationSlots(estimation, currency);
  const next = slots.find((s) => s.entry)?.entry ?? null;
  return (
    <Card title={`Expected net per day, ${currency}`} className="mbo-settlement-block">
      <DetailFigures
        figures={[
          {
            label: `Next ${ESTIMATION_DAYS} days`,
            value: displayMoney(expectedTotal(estimation.days, currency), currency),
          },
          {
            label: 'Next settlement',
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
          Expected net
        </span>
        <span>
          <i className="mbo-estimation-legend__swatch mbo-estimation-legend__swatch--open" />
          Batch still open
        </span>
        <span>
          <i className="mbo-estimation-legend__swatch mbo-estimation-legend__swatch--weekend" />
          Weekend
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
        title="The estimation could not be loaded."
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  } else if (!estimation) {
    body = (
      <div role="status" aria-label="Loading the estimation">
        <Card className="mbo-settlement-block">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  } else if (!currency) {
    body = (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={`Nothing is expected to settle in the next ${ESTIMATION_DAYS} days. Captured payments show here with the day they settle.`}
        />
      </Card>
    );
  } else {
    body = (
      <>
        {currencies.length > 1 ? (
          <div className="mbo-settlement-toolbar">
            <Segmented<string> aria-label="Currency" options={currencies} value={currency} onChange={choose} />
          </div>
        ) : null}
        <CurrencyOverview estimation={estimation} currency={currency} />
        <Card title="Expected settlements">
          <EstimationTable days={estimation.days} today={estimation.from} />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader {...HEADER} />
      <Typography.Paragraph type="secondary" className="mbo-settlement-note">
        Amounts of batches still open can grow until their cut-off; weekends and public holidays move a settlement to
        the next working day.
      </Typography.Paragraph>
      {body}
    </>
  );
}
