import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Card, Empty, Skeleton, Typography } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { displayDayWithWeekday } from '@/lib/display-day';
import { displayMoney } from '@/lib/display-money';
import { settlementEstimationQueryOptions } from '../api/get-settlement-estimation';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';

const DAY_MS = 86_400_000;

/** "today", "tomorrow", "in 3 days": from `today` (the estimation's first day) to `day`. */
function whenText(day: string, today: string, t: TFunction): string {
  const n = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (!(n > 0)) return t('today');
  return n === 1 ? t('tomorrow') : t('inDays', { count: n });
}

/** The next day with an expected settlement and its amounts per currency, from the settlement estimation. */
export function NextSettlementCard({ estimationUrl }: { estimationUrl: string }) {
  const query = useQuery(settlementEstimationQueryOptions());
  const next = query.data?.next;
  const { t } = useTranslation('home', { keyPrefix: 'settlement' });
  return (
    <Card
      title={
        <span>
          <BankOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
          {t('title')}
        </span>
      }
      extra={<Link to={estimationUrl}>{t('viewEstimation')}</Link>}
      role="region"
      aria-label={t('title')}
    >
      {query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : !next ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <div className="mbo-next-settlement">
          <Typography.Text type="secondary">
            {displayDayWithWeekday(next.day)} · {whenText(next.day, query.data.from, t)}
          </Typography.Text>
          <ul className="mbo-next-settlement__amounts">
            {next.amounts.map((a) => (
              <li key={a.currency} className="mbo-next-settlement__amount">
                {displayMoney(a.net, a.currency)}
              </li>
            ))}
          </ul>
          <Typography.Text type="secondary" className="mbo-next-settlement__note">
            {t('note')}
          </Typography.Text>
        </div>
      )}
    </Card>
  );
}
