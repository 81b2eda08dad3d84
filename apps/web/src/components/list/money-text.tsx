import { Typography } from 'antd';
import { displayMoney } from '@/lib/display-money';
// The kit's cell classes (.mbo-list-sub, .mbo-list-mono, .mbo-list-nowrap) go wherever its cells do, a detail page too.
import './list.css';

export interface MoneyTextProps {
  /** Minor units. */
  amount: number | null | undefined;
  currency: string;
  /** Shown before the amount, e.g. '−' for a refund. */
  sign?: '−' | '+';
  strong?: boolean;
  type?: 'secondary' | 'danger' | 'success';
}

/** An amount by the display rule (lib/display-money: "1,234.50 EUR"), tabular figures, never wrapped. */
export default function MoneyText({ amount, currency, sign, strong, type }: MoneyTextProps) {
  if (amount === null || amount === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text strong={strong} type={type} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {sign ?? ''}
      {displayMoney(amount, currency)}
    </Typography.Text>
  );
}
