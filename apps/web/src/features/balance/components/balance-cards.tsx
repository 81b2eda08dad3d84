import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { CurrencyBalance } from '@mbo/contracts/account';
import { displayMoney } from '@/lib/display-money';
import { intlLocale } from '@/lib/formats';
import { balancesQueryOptions } from '../api/list-balances';
import './balance.css';

const currencyNames = new Map<string, Intl.DisplayNames>();

/** The currency's name in the language in force ("Euro" / "欧元"), or undefined. */
function currencyName(code: string): string | undefined {
  try {
    const locale = intlLocale();
    let names = currencyNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'currency' });
      currencyNames.set(locale, names);
    }
    const name = names.of(code);
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
  const { t } = useTranslation('balance', { keyPrefix: 'cards' });
  const name = currencyName(b.currency);
  // What each balance means, said once, under its figure.
  return (
    <section className="mbo-balance-card" aria-label={t('balance', { currency: b.currency })}>
      <div className="mbo-balance-card__head">
        <h2 className="mbo-balance-card__title">{b.currency}</h2>
        {name ? <span className="mbo-balance-card__currency">{name}</span> : null}
      </div>
      <dl className="mbo-balance-card__figures">
        <Figure
          main
          label={t('available')}
          amount={b.available}
          currency={b.currency}
          meaning={t('meanings.available')}
        />
        <Figure label={t('pending')} amount={b.pending} currency={b.currency} meaning={t('meanings.pending')} />
        <Figure label={t('reserved')} amount={b.reserved} currency={b.currency} meaning={t('meanings.reserved')} />
      </dl>
    </section>
  );
}

/** The active merchant's balances, one card per currency (they stack on a phone); loading, error and empty states. */
export function BalanceCards() {
  const query = useQuery(balancesQueryOptions());
  const { t } = useTranslation('balance', { keyPrefix: 'cards' });
  if (query.isPending) {
    return (
      <div className="mbo-balance-cards" role="status" aria-label={t('loading')}>
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
        title={t('loadFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="mbo-balance-card mbo-balance-block">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
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
