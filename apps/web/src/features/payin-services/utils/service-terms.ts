/**
 * A pay-in service's terms in words: its per-payment limits, its settlement cycle and its cut-off.
 * Amounts by the one money display rule (lib/display-money).
 */
import { displayFigure, displayMoney } from '@/lib/display-money';

/**
 * "0.50 – 10,000.00 USD", "Up to 10,000.00 USD", "From 0.50 USD" or "No limit" (a limit of null,
 * or a minimum of 0, is no limit).
 */
export function displayAmountLimits(minAmount: number | null, maxAmount: number | null, currency: string): string {
  const min = minAmount !== null && minAmount > 0 ? minAmount : null;
  if (min !== null && maxAmount !== null) return `${displayFigure(min, currency)} – ${displayMoney(maxAmount, currency)}`;
  if (maxAmount !== null) return `Up to ${displayMoney(maxAmount, currency)}`;
  if (min !== null) return `From ${displayMoney(min, currency)}`;
  return 'No limit';
}

/** T+N and what it means: T+0 "same day", T+1 "working day", T+2 "working days". */
export function settlementCycleParts(days: number): { cycle: string; detail: string } {
  return { cycle: `T+${days}`, detail: days === 0 ? 'same day' : days === 1 ? 'working day' : 'working days' };
}

/** "T+2 working days", "T+0 same day". */
export function displaySettlementCycle(days: number): string {
  const { cycle, detail } = settlementCycleParts(days);
  return `${cycle} ${detail}`;
}

/** "18:00 Asia/Singapore": the daily cut-off in the service's zone. */
export function displayCutoff(cutoffTime: string, timeZone: string): string {
  return `${cutoffTime} ${timeZone}`;
}
