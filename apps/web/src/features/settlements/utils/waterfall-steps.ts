import type { SettlementRecord } from '@mbo/contracts/settlements';

export type WaterfallKey = 'gross' | 'refunds' | 'fees' | 'disputes' | 'reserve' | 'other' | 'net';

export interface WaterfallStep {
  /** Its words are the settlements namespace's `waterfall.steps.<key>`. */
  key: WaterfallKey;
  kind: 'total' | 'deduction';
  /** A total as it is; a deduction as what it takes off (negative: it adds). Minor units. */
  amount: number;
  /**
   * Where the bar starts and ends on the value axis (minor units): a total from 0, a deduction from the running sum.
   */
  from: number;
  to: number;
}

type Amounts = Pick<SettlementRecord, 'gross' | 'refunds' | 'fees' | 'disputes' | 'reserve' | 'net'>;

const DEDUCTIONS: readonly { key: WaterfallKey; of: (s: Amounts) => number }[] = [
  { key: 'refunds', of: (s) => s.refunds },
  { key: 'fees', of: (s) => s.fees },
  { key: 'disputes', of: (s) => s.disputes },
  { key: 'reserve', of: (s) => s.reserve },
];

/**
 * A settlement's net as steps: the gross, each deduction stepping down from the running sum
 * (refunds, fees, dispute adjustments, reserve: zero ones included, the chart may skip them), then
 * the net. The contract says net = gross − refunds − fees − disputes − reserve; should a record
 * ever disagree, the difference is an "Other adjustments" step, so the steps always reach the net.
 */
export function waterfallSteps(s: Amounts): WaterfallStep[] {
  const steps: WaterfallStep[] = [{ key: 'gross', kind: 'total', amount: s.gross, from: 0, to: s.gross }];
  let running = s.gross;
  for (const d of DEDUCTIONS) {
    const amount = d.of(s);
    steps.push({ key: d.key, kind: 'deduction', amount, from: running, to: running - amount });
    running -= amount;
  }
  const other = running - s.net;
  if (other !== 0) {
    steps.push({
      key: 'other',
      kind: 'deduction',
      amount: other,
      from: running,
      to: s.net,
    });
  }
  steps.push({ key: 'net', kind: 'total', amount: s.net, from: 0, to: s.net });
  return steps;
}
