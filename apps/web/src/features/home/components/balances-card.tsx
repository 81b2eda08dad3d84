import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Card, Empty, Skeleton, Typography } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { displayMoney } from '@/lib/display-money';
import { balancesQueryOptions } from '../api/list-balances';

/** How many currencies show before "Show all". */
export const BALANCES_SHOWN = 5;

/** Available / pending / reserved balance per currency. */
export function BalancesCard({ balancePageUrl }: { balancePageUrl?: string }) {
  const query = useQuery(balancesQueryOptions());
  const [expanded, setExpanded] = useState(false);
  const all = query.data ?? [];
  const balances = expanded ? all : all.slice(0, BALANCES_SHOWN);
  return (
    <Card
      title={
        <span>
          <WalletOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
          Balances
        </span>
      }
      extra={balancePageUrl ? <Link to={balancePageUrl}>View all</Link> : null}
      className="mbo-balances-card"
    >
      {query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title="Balances could not be loaded."
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : all.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No balance yet. It grows with your first payments." />
      ) : (
        <ul className="mbo-balances" aria-label="Balances per currency">
          {balances.map((b) => (
            <li key={b.currency} className="mbo-balances__row" aria-label={`${b.currency} balance`}>
              <div className="mbo-balances__head">
                <Typography.Text strong>{b.currency}</Typography.Text>
                <span className="mbo-balances__available">
                  <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 6 }}>
                    Available
                  </Typography.Text>
                  {displayMoney(b.available, b.currency)}
                </span>
              </div>
              <div className="mbo-balances__meta">
                <span>
                  Pending <strong>{displayMoney(b.pending, b.currency)}</strong>
                </span>
                <span>
                  Reserved <strong>{displayMoney(b.reserved, b.currency)}</strong>
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
                {expanded ? 'Show fewer' : `Show all ${all.length} currencies`}
              </Button>
            </li>
          ) : null}
        </ul>
      )}
    </Card>
  );
}
