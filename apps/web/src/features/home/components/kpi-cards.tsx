import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { displayMoney } from '@/lib/display-money';
import type { KpiWindow } from '@mbo/contracts/payments';
import { formatRate } from '../utils/kpi-format';

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

function kpisOf(w: KpiWindow, currency: string, periodText: string): Kpi[] {
  const failed = w.count - w.successCount;
  return [
    {
      key: 'volume',
      title: 'Gross volume',
      value: displayMoney(w.volume, currency),
      note: `Successful payments ${periodText}`,
    },
    {
      key: 'count',
      title: 'Payments',
      value: w.count.toLocaleString('en-US'),
      note: `${w.successCount.toLocaleString('en-US')} successful`,
    },
    {
      key: 'rate',
      title: 'Success rate',
      value: formatRate(w.successRate),
      note: w.successRate === null ? 'No finished payments yet' : `${failed.toLocaleString('en-US')} not successful`,
    },
    {
      key: 'refunds',
      title: 'Refunds',
      value: displayMoney(w.refundedAmount, currency),
      note: `${w.refundCount.toLocaleString('en-US')} ${w.refundCount === 1 ? 'refund' : 'refunds'}`,
    },
  ];
}

/** Four cards: volume, count, success rate and refunds of one period, in one currency. */
export function KpiCards({ window: w, currency, periodText, loading }: KpiCardsProps) {
  const items = w && currency ? kpisOf(w, currency, periodText) : null;
  return (
    <Row gutter={[12, 12]} role="list" aria-label="Key figures">
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
