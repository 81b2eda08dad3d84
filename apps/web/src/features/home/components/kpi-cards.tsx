import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { displayMoney } from '@/lib/display-money';
import type { KpiWindow } from '@mbo/contracts/payments';
import { formatRate } from '../utils/kpi-format';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import { displayNumber } from '@/lib/formats';

export interface KpiCardsProps {
  window: KpiWindow | undefined;
  currency: string | undefined;
  /** "in the last 7 days", for the cards' notes. */
  periodText: string;
  loading: boolean;
}

interface Kpi {
  key: string;
  title: string;
  value: string;
  note: string;
}

function kpisOf(w: KpiWindow, currency: string, periodText: string, t: TFunction): Kpi[] {
  const failed = w.count - w.successCount;
  return [
    {
      key: 'volume',
      title: t('volume'),
      value: displayMoney(w.volume, currency),
      note: t('volumeNote', { period: periodText }),
    },
    {
      key: 'count',
      title: t('count'),
      value: displayNumber(w.count),
      note: t('countNote', { number: displayNumber(w.successCount) }),
    },
    {
      key: 'rate',
      title: t('rate'),
      value: formatRate(w.successRate),
      note: w.successRate === null ? t('rateNone') : t('rateNote', { number: displayNumber(failed) }),
    },
    {
      key: 'refunds',
      title: t('refunds'),
      value: displayMoney(w.refundedAmount, currency),
      note: t('refundsNote', { count: w.refundCount, number: displayNumber(w.refundCount) }),
    },
  ];
}

/** Four cards: volume, count, success rate and refunds of one period, in one currency. */
export function KpiCards({ window: w, currency, periodText, loading }: KpiCardsProps) {
  const { t } = useTranslation('home', { keyPrefix: 'kpi' });
  const items = w && currency ? kpisOf(w, currency, periodText, t) : null;
  return (
    <Row gutter={[12, 12]} role="list" aria-label={t('keyFigures')}>
      {(items ?? [null, null, null, null]).map((kpi, i) => (
        <Col key={kpi?.key ?? i} xs={12} xl={6} role="listitem">
          <Card size="small" className="mbo-kpi" aria-label={kpi?.title}>
            {loading || !kpi ? (
              <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 1, width: '70%' }} />
            ) : (
              <>
                <Typography.Text type="secondary" className="mbo-kpi__title">
                  {kpi.title}
                </Typography.Text>
                <div className="mbo-kpi__value">{kpi.value}</div>
                <Typography.Text type="secondary" className="mbo-kpi__note">
                  {kpi.note}
                </Typography.Text>
              </>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
