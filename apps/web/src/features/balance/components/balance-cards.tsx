import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton } from 'antd';
import type { CurrencyBalance } from '@mbo/contracts/account';
import { displayMoney } from '@/lib/display-money';
import { balancesQueryOptions } from '../api/list-balances';
import './balance.css';

/** What each balance means, said once, under its figure. */
const BALANCE_MEANINGS = {
  available: 'Can be withdrawn or refunded from.',
  pending: 'Captured, not yet settled.',
  reserved: 'Held, e.g. for disputes.',
} as const;

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

function currencyName(code: string): string | undefined {
  try {
    const name = currencyNames.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

function Figure({
  label,
  amount,
  currency,
  meaning,
  main,
}: {
  label: string;
  amount: number;
  currency: string;
  meaning: string;
  main?: boolean;
}) {
  return (
    <div className={main ? 'mbo-balance-figure mbo-balance-figure--main' : 'mbo-balance-figure'}>
      <dt className="mbo-balance-figure__label">{label}</dt>
      <dd className="mbo-balance-figure__amount">{displayMoney(amount, currency)}</dd>
      <dd className="mbo-balance-figure__meaning">{meaning}</dd>
    </div>
  );
}

/** One currency's balances: available first and largest, pending and reserved beside each other. */
function BalanceCard({ balance: b }: { balance: CurrencyBalance }) {
  const name = currencyName(b.currency);
  return (
    <section className="mbo-balance-card" aria-label={`${b.currency} balance`}>
      <div className="mbo-balance-card__head">
        <h2 className="mbo-balance-card__title">{b.currency}</h2>
        {name ? <span className="mbo-balance-card__currency">{name}</span> : null}
      </div>
      <dl className="mbo-balance-card__figures">
        <Figure
          main
          label="Available"
          amount={b.available}
          currency={b.currency}
          meaning={BALANCE_MEANINGS.available}
        />
        <Figure label="Pending" amount={b.pending} currency={b.currency} meaning={BALANCE_MEANINGS.pending} />
        <Figure label="Reserved" amount={b.reserved} currency={b.currency} meaning={BALANCE_MEANINGS.reserved} />
      </dl>
    </section>
  );
}

/** The active merchant's balances, one card per currency (they stack on a phone); loading, error and empty states. */
export function BalanceCards() {
  const query = useQuery(balancesQueryOptions());
  if (query.isPending) {
    return (
      <div className="mbo-balance-cards" role="status" aria-label="Loading balances">
        {[0, 1].map((i) => (
          <div key={i} className="mbo-balance-card">
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert
        className="mbo-balance-block"
        type="error"
        showIcon
        title="The balances could not be loaded."
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="mbo-balance-card mbo-balance-block">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No balance yet. Your money shows here once it reaches your account."
        />
      </div>
    );
  }
  return (
    <div className="mbo-balance-cards">
      {query.data.map((b) => (
        <BalanceCard key={b.currency} balance={b} />
      ))}
    </div>
  );
}
