import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Card, Col, Row, Segmented, Select, Skeleton, Typography } from 'antd';
import { displayMoney } from '@/lib/display-money';
import type { KpiWindow, PaymentKpis } from '@mbo/contracts/payments';
import { useGlobalState } from '@/lib/global-state';
import { paymentKpisQueryOptions } from '../api/get-payment-kpis';
import { canOpen } from '../utils/shortcuts';
import { BalancesCard } from './balances-card';
import { KpiCards } from './kpi-cards';
import { NextSettlementCard } from './next-settlement-card';
import { VolumeChart } from './volume-chart';
import './home-insights.css';
import { useTranslation } from '@/i18n/use-translation';

type Period = 'today' | 'last7Days' | 'last30Days';

/** The periods, in order; their words are home:insights.periods.<value> and .periodText.<value>. */
const PERIODS: readonly Period[] = ['today', 'last7Days', 'last30Days'];

/**
 * The home page's figures for a direct-payment merchant (isPG): KPI cards for today / 7 / 30 days
 * in a chosen currency, the 30-day volume chart, balances per currency and the next settlement. Other
 * merchants see nothing here.
 */
export function HomeInsights() {
  const { isPG, authUrls } = useGlobalState();
  const [period, setPeriod] = useState<Period>('last30Days');
  const { t } = useTranslation('home', { keyPrefix: 'insights' });
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const query = useQuery({ ...paymentKpisQueryOptions(currency), enabled: isPG, placeholderData: keepPreviousData });

  if (!isPG) return null;

  const data: PaymentKpis | undefined = query.data;
  const shownCurrency = data?.currency ?? currency;
  const windowData: KpiWindow | undefined = data?.[period];
  const paymentsUrl = canOpen('/transactions/payments', authUrls) ? '/transactions/payments' : undefined;
  const balanceUrl = canOpen('/account/balance', authUrls) ? '/account/balance' : undefined;
  const estimationUrl = canOpen('/settlements/estimation', authUrls) ? '/settlements/estimation' : undefined;
  const total30 = data ? data.daily.reduce((s, d) => s + d.volume, 0) : 0;

  return (
    <section className="mbo-insights" aria-label={t('overview')}>
      <div className="mbo-insights__bar">
        <Typography.Title level={2} className="mbo-insights__heading">
          {t('overview')}
        </Typography.Title>
        <div className="mbo-insights__controls">
          <Segmented<Period>
            aria-label={t('period')}
            options={PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
            value={period}
            onChange={setPeriod}
          />
          <Select
            aria-label={t('currency')}
            style={{ width: 96 }}
            value={shownCurrency}
            placeholder={t('currency')}
            loading={query.isFetching && !data}
            options={(data?.currencies.length ? data.currencies : shownCurrency ? [shownCurrency] : []).map((c) => ({
              value: c,
              label: c,
            }))}
            onChange={setCurrency}
          />
        </div>
      </div>

      {query.isError && !data ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : (
        <KpiCards
          window={windowData}
          currency={shownCurrency}
          periodText={t(`periodText.${period}`)}
          loading={query.isPending}
        />
      )}

      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={balanceUrl || estimationUrl ? 16 : 24}>
          <Card
            title={t('volume30')}
            extra={paymentsUrl ? <Link to={paymentsUrl}>{t('viewPayments')}</Link> : null}
            className="mbo-insights__chart-card"
          >
            {query.isPending ? (
              <Skeleton.Node active style={{ width: '100%', height: 220 }} />
            ) : data ? (
              <>
                <div className="mbo-insights__chart-total">
                  <span className="mbo-insights__chart-value">{displayMoney(total30, data.currency)}</span>
                  <Typography.Text type="secondary">{t('grossVolume')}</Typography.Text>
                </div>
                <VolumeChart daily={data.daily} currency={data.currency} fill />
              </>
            ) : (
              <Typography.Text type="secondary">{t('noFigures')}</Typography.Text>
            )}
          </Card>
        </Col>
        {/* Balances and the estimation are their pages' data: shown to the roles that have those pages
            (the server enforces it). */}
        {balanceUrl || estimationUrl ? (
          <Col xs={24} xl={8}>
            <div className="mbo-insights__side">
              {balanceUrl ? <BalancesCard balancePageUrl={balanceUrl} /> : null}
              {estimationUrl ? <NextSettlementCard estimationUrl={estimationUrl} /> : null}
            </div>
          </Col>
        ) : null}
      </Row>
    </section>
  );
}
