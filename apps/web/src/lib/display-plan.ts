/**
 * A subscription plan in words, the same on every page (payment links, agreements): "every month",
 * "every 3 months · 12 cycles", "3 of 12 cycles". The interval words come from the contract.
 */
import type { PlanInterval } from '@mbo/contracts/subscriptions';
import { i18n } from '@/i18n/i18n';
import { displayNumber } from './formats';

export interface PlanWords {
  interval: PlanInterval;
  intervalCount: number;
  /** Cycles in all; null or left out: until cancelled. */
  cycles?: number | null;
}

const w = (key: string, values: Record<string, unknown> = {}) => i18n.t(`plan.${key}`, { ns: 'kit', ...values });

/** "12 cycles" / "12 期". */
const cyclesText = (n: number) => w('cycles', { count: n, number: displayNumber(n) });

/** "every month", "every 3 months" / "每 3 个月", in the language in force. */
export function planIntervalWords(interval: PlanInterval, count: number): string {
  return count === 1
    ? w('every', { unit: w(`unit.${interval}`) })
    : w('everyN', { count, units: w(`units.${interval}`) });
}

/** "Every month" (capitalised, for a line of its own). */
export function planIntervalText(plan: PlanWords): string {
  const text = planIntervalWords(plan.interval, plan.intervalCount);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How long it runs: "12 cycles" or "until cancelled". */
export function planLengthText(cycles: number | null | undefined): string {
  return cycles ? cyclesText(cycles) : w('untilCancelled');
}

/** "every month · 12 cycles", "every week · until cancelled". */
export function describePlan(plan: PlanWords): string {
  return `${planIntervalWords(plan.interval, plan.intervalCount)} · ${planLengthText(plan.cycles)}`;
}

/** "3 of 12 cycles"; "3 cycles" for a plan that runs until cancelled. */
export function cycleProgressText(charged: number, cycles: number | null | undefined): string {
  return cycles ? w('progress', { charged: displayNumber(charged), cycles: cyclesText(cycles) }) : cyclesText(charged);
}
