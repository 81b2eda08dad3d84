import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Card, Empty, Skeleton, Typography } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { displayMoney } from '@/lib/display-money';
import { balancesQueryOptions } from '../api/list-balances';
import { useTranslation } from '@/i18n/use-translation';

/** How many currencies show before "Show all". */
export const BALANCES_SHOWN = 5;

/** Available / pending / reserved balance per currency. */
export function BalancesCard({ balancePageUrl }: { balancePageUrl?: string }) {
  const query = useQuery(balancesQueryOptions());
  const [expanded, setExpanded] = useState(false);
  const { t } = useTranslation('home', { keyPrefix: 'balances' });
  const all = query.data ?? [];
  const balances = expanded ? all : all.slice(0, BALANCES_SHOWN);
  return (
    <Card
      title={
        <span>
          <WalletOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
          {t('title')}
        </span>
      }
      extra={balancePageUrl ? <Link to={balancePageUrl}>{t('viewAll')}</Link> : null}
      className="mbo-balances-card"
    >
      {query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
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
      ) : all.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <ul className="mbo-balances" aria-label={t('perCurrency')}>
          {balances.map((b) => (
            <li key={b.currency} className="mbo-balances__row" aria-label={t('oneCurrency', { currency: b.currency })}>
              <div className="mbo-balances__head">
                <Typography.Text strong>{b.currency}</Typography.Text>
                <span className="mbo-balances__available">
                  <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 6 }}>
                    {t('available')}
                  </Typography.Text>
                  {displayMoney(b.available, b.currency)}
                </span>
              </div>
              <div className="mbo-balances__meta">
                <span>
                  {t('pending')} <strong>{displayMoney(b.pending, b.currency)}</strong>
                </span>
                <span>
                  {t('reserved')} <strong>{displayMoney(b.reserved, b.currency)}</strong>
                </span>
              </div>
            </li>
          ))}
          {all.length > BALANCES_SHOWN ? (
            <li className="mbo-balances__more">
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => setExpanded((v) => !v)}
                aria-expanded={expanded}
              >
                {expanded ? t('showFewer') : t('showAll', { count: all.length })}
              </Button>
            </li>
          ) : null}
        </ul>
      )}
    </Card>
  );
}
