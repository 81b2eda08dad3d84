import type { EstimationDay, SettlementEstimation } from '@mbo/contracts/settlements';
import { weekdayOf } from '@/lib/display-day';
import { addDays } from '@/lib/zoned-date';

/** One day of the estimation's chart in one currency: its expected settlement, or none. */
export interface EstimationSlot {
  day: string;
  weekend: boolean;
  entry: EstimationDay | null;
}

/** The currencies with something expected, alphabetical. */
export function estimationCurrencies(days: readonly EstimationDay[]): string[] {
  return [...new Set(days.map((d) => d.currency))].sort();
}

/** Every day from `from` to `to` (both YYYY-MM-DD, inclusive); at most `limit` of them. */
export function daysFromTo(from: string, to: string, limit = 366): string[] {
  const out: string[] = [];
  for (let day = from; day <= to && out.length < limit; day = addDays(day, 1)) out.push(day);
  return out;
}

/**
 * The chart's slots: every day the estimation covers, each with the currency's expected settlement (empty days too).
 */
export function estimationSlots(
  estimation: Pick<SettlementEstimation, 'from' | 'to' | 'days'>,
  currency: string,
): EstimationSlot[] {
  const byDay = new Map(estimation.days.filter((d) => d.currency === currency).map((d) => [d.day, d]));
  return daysFromTo(estimation.from, estimation.to).map((day) => {
    const weekday = weekdayOf(day);
    return { day, weekend: weekday === 0 || weekday === 6, entry: byDay.get(day) ?? null };
  });
}

/** The expected net of a currency over the days covered. */
export function expectedTotal(days: readonly EstimationDay[], currency: string): number {
  return days.reduce((sum, d) => (d.currency === currency ? sum + d.net : sum), 0);
}
