import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import { Typography } from 'antd';
import type { SettlementTotals } from '@mbo/contracts/settlements';
import { displayMoney } from '@/lib/display-money';
import { displayNumber } from '@/lib/formats';
import { CurrencyTotalCards, CurrencyTotalsLoading, type CurrencyTotal } from './currency-total-cards';
import './settlements.css';

export interface SettlementTotalsStripProps {
  /** Per currency, over every settlement the filters match; undefined while the first page loads. */
  totals: readonly SettlementTotals[] | undefined;
  loading: boolean;
  /** Whether filters are set (the strip says the sums follow them). */
  filtered: boolean;
}

function totalOf(s: SettlementTotals, t: TFunction): CurrencyTotal {
  const money = (minor: number) => displayMoney(minor, s.currency);
  const off = (minor: number) => (minor ? `−${money(minor)}` : money(0));
  return {
    currency: s.currency,
    caption: t('count', { count: s.count, number: displayNumber(s.count) }),
    net: s.net,
    parts: [
      [t('gross'), money(s.gross)],
      [t('refunds'), off(s.refunds)],
      [t('fees'), off(s.fees)],
      ...(s.disputes ? [[t('disputes'), off(s.disputes)] as const] : []),
      ...(s.reserve ? [[t('reserve'), off(s.reserve)] as const] : []),
    ],
  };
}

/**
 * The sums of the settlements the filters match, one card per currency (count, net, and the gross,
 * refunds and fees it came from), above the settlement history. Nothing when nothing matches.
 */
export function SettlementTotalsStrip({ totals, loading, filtered }: SettlementTotalsStripProps) {
  const { t } = useTranslation('settlements', { keyPrefix: 'totals' });
  if (!totals) return loading ? <CurrencyTotalsLoading label={t('loading')} /> : null;
  if (totals.length === 0) return null;
  return (
    <div className="mbo-settlement-block" role="region" aria-label={t('region')}>
      <CurrencyTotalCards
        totals={totals.map((s) => totalOf(s, t))}
        label={(currency) => t('cardLabel', { currency })}
      />
      <Typography.Text type="secondary" className="mbo-settlement-note">
        {filtered ? t('filtered') : t('all')}
      </Typography.Text>
    </div>
  );
}
