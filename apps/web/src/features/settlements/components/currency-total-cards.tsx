import { useTranslation } from '@/i18n/use-translation';
import type { ReactNode } from 'react';
import { Skeleton, Typography } from 'antd';
import { displayMoney } from '@/lib/display-money';
import { useGlobalState } from '@/lib/global-state';
import './settlements.css';

export interface CurrencyTotal {
  currency: string;
  /** What the sums are of, beside the currency ("12 settlements", "2 open batches · 13 payments"). */
  caption: string;
  net: number;
  /** The parts of the net, in order, as the card writes them: [label, text]. */
  parts: readonly (readonly [string, string])[];
}

/**
 * One card per currency: the currency and what it sums, the net large, its parts below. On a phone the cards are
 * small and side by side in a row that scrolls sideways (reachable by keyboard), so the list below stays near the top.
 */
export function CurrencyTotalCards({
  totals,
  label,
}: {
  totals: readonly CurrencyTotal[];
  label: (currency: string) => string;
}) {
  const phone = useGlobalState().isMobile;
  const { t } = useTranslation('settlements', { keyPrefix: 'currencyCards' });
  return (
    <div
      className="mbo-currency-totals"
      {...(phone && totals.length > 1 ? { tabIndex: 0, role: 'region', 'aria-label': t('scrolls') } : {})}
    >
      {totals.map((c) => (
        <section key={c.currency} className="mbo-currency-total" aria-label={label(c.currency)}>
          <div className="mbo-currency-total__head">
            <span className="mbo-currency-total__currency">{c.currency}</span>
            <Typography.Text type="secondary">{c.caption}</Typography.Text>
          </div>
          <div className="mbo-currency-total__net">
            <span className="mbo-list-sr-only">{t('net')}</span>
            {displayMoney(c.net, c.currency)}
          </div>
          <dl className="mbo-currency-total__parts">
            {c.parts.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** The cards' place while they load. */
export function CurrencyTotalsLoading({ label }: { label: string }): ReactNode {
  return (
    <div className="mbo-currency-totals" role="status" aria-label={label}>
      <Skeleton.Node active style={{ width: 260, height: 112 }} />
    </div>
  );
}
