/**
 * A pay-in service's terms in words: its per-payment limits, its settlement cycle and its cut-off.
 * Amounts by the one money display rule (lib/display-money).
 */
import type { TFunction } from 'i18next';

export { displayAmountLimits, displayCutoff } from '@/lib/display-limits';

/** T+N and what it means: T+0 "same day", T+1 "working day", T+2 "working days". */
export function settlementCycleParts(t: TFunction, days: number): { cycle: string; detail: string } {
  const key = days === 0 ? 'sameDay' : days === 1 ? 'workingDay' : 'workingDays';
  return { cycle: `T+${days}`, detail: t(`cycle.${key}`, { ns: 'payin-services' }) };
}

/** "T+2 working days", "T+0 same day". */
export function displaySettlementCycle(t: TFunction, days: number): string {
  const { cycle, detail } = settlementCycleParts(t, days);
  return `${cycle} ${detail}`;
}
