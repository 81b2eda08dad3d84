import { Typography } from 'antd';
import type { SettlementTotals } from '@mbo/contracts/settlements';
import { displayMoney } from '@/lib/display-money';
import { CurrencyTotalCards, CurrencyTotalsLoading, type CurrencyTotal } from './currency-total-cards';
import './settlements.css';

export interface SettlementTotalsStripProps {
  /** Per currency, over every settlement the filters match; undefined while the first page loads. */
  totals: readonly SettlementTotals[] | undefined;
  loading: boolean;
  /** Whether filters are set (the strip says the sums follow them). */
  filtered: boolean;
}

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'settlement' : 'settlements'}`;

function totalOf(t: SettlementTotals): CurrencyTotal {
  const money = (minor: number) => displayMoney(minor, t.currency);
  const off = (minor: number) => (minor ? `−${money(minor)}` : money(0));
  return {
    currency: t.currency,
    caption: count(t.count),
    net: t.net,
    parts: [
      ['Gross', money(t.gross)],
      ['Refunds', off(t.refunds)],
      ['Fees', off(t.fees)],
      ...(t.disputes ? [['Disputes', off(t.disputes)] as const] : []),
      ...(t.reserve ? [['Reserve', off(t.reserve)] as const] : []),
    ],
  };
}

/**
 * The sums of the settlements the filters match, one card per currency (count, net, and the gross,
 * refunds and fees it came from), above the settlement history. Nothing when nothing matches.
 */
export function SettlementTotalsStrip({ totals, loading, filtered }: SettlementTotalsStripProps) {
  if (!totals) return loading ? <CurrencyTotalsLoading label="Loading the totals" /> : null;
  if (totals.length === 0) return null;
  return (
    <div className="mbo-settlement-block" role="region" aria-label="Settlement totals">
      <CurrencyTotalCards totals={totals.map(totalOf)} label={(currency) => `${currency} totals`} />
      <Typography.Text type="secondary" className="mbo-settlement-note">
        {filtered
          ? 'Sums of every settlement that matches the filters, not only this page.'
          : 'Sums of every settlement, not only this page.'}
      </Typography.Text>
    </div>
  );
}
