/**
 * A pay-in service's terms in words: its per-payment limits, its settlement cycle and its cut-off.
 * Amounts by the one money display rule (lib/display-money).
 */
export { displayAmountLimits, displayCutoff } from '@/lib/display-limits';

/** T+N and what it means: T+0 "same day", T+1 "working day", T+2 "working days". */
export function settlementCycleParts(days: number): { cycle: string; detail: string } {
  return { cycle: `T+${days}`, detail: days === 0 ? 'same day' : days === 1 ? 'working day' : 'working days' };
}

/** "T+2 working days", "T+0 same day". */
export function displaySettlementCycle(days: number): string {
  const { cycle, detail } = settlementCycleParts(days);
  return `${cycle} ${detail}`;
}
