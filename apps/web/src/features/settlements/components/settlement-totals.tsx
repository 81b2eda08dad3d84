import { Skeleton, Typography } from 'antd';
import type { SettlementTotals } from '@mbo/contracts/settlements';
import { displayMoney } from '@/lib/display-money';
import './settlements.css';

export interface SettlementTotalsStripProps {
  /** Per currency, over every settlement the filters match; undefined while the first page loads. */
  totals: readonly SettlementTotals[] | undefined;
  loading: boolean;
  /** Whether filters are set (the strip says the sums follow them). */
  filtered: boolean;
}

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'settlement' : 'settlements'}`;

function TotalCard({ total: t }: { total: SettlementTotals }) {
  const money = (minor: number) => displayMoney(minor, t.currency);
  const off = (minor: number) => (minor ? `−${money(minor)}` : money(0));
  const parts: [string, string][] = [
    ['Gross', money(t.gross)],
    ['Refunds', off(t.refunds)],
    ['Fees', off(t.fees)],
    ...(t.disputes ? ([['Disputes', off(t.disputes)]] as [string, string][]) : []),
    ...(t.reserve ? ([['Reserve', off(t.reserve)]] as [string, string][]) : []),
  ];
  return (
    <section className="mbo-settlement-total" aria-label={`${t.currency} totals`}>
      <div className="mbo-settlement-total__head">
        <span className="mbo-settlement-total__currency">{t.currency}</span>
        <Typography.Text type="secondary">{count(t.count)}</Typography.Text>
      </div>
      <div className="mbo-settlement-total__net">
        <span className="mbo-list-sr-only">Net </span>
        {money(t.net)}
      </div>
      <dl className="mbo-settlement-total__parts">
        {parts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The sums of the settlements the filters match, one card per currency (count, net, and the gross,
 * refunds and fees it came from), above the settlement history. Nothing when nothing matches.
 */
export function SettlementTotalsStrip({ totals, loading, filtered }: SettlementTotalsStripProps) {
  if (!totals) {
    return loading ? (
      <div className="mbo-settlement-totals" role="status" aria-label="Loading the totals">
        <Skeleton.Node active style={{ width: 260, height: 112 }} />
      </div>
    ) : null;
  }
  if (totals.length === 0) return null;
  return (
    <div className="mbo-settlement-block" role="region" aria-label="Settlement totals">
      <div className="mbo-settlement-totals">
        {totals.map((t) => (
          <TotalCard key={t.currency} total={t} />
        ))}
      </div>
      <Typography.Text type="secondary" className="mbo-settlement-note">
        {filtered ? 'Sums of every settlement that matches the filters, not only this page.' : 'Sums of every settlement, not only this page.'}
      </Typography.Text>
    </div>
  );
}
