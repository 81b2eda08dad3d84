/**
 * A subscription plan in words, the same on every page (payment links, agreements): "every month",
 * "every 3 months · 12 cycles", "3 of 12 cycles". The interval words come from the contract.
 */
import { describePlanInterval, type PlanInterval } from '@mbo/contracts/subscriptions';

export interface PlanWords {
  interval: PlanInterval;
  intervalCount: number;
  /** Cycles in all; null or left out: until cancelled. */
  cycles?: number | null;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "Every month" (capitalised, for a line of its own). */
export function planIntervalText(plan: PlanWords): string {
  const text = describePlanInterval(plan.interval, plan.intervalCount);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How long it runs: "12 cycles" or "until cancelled". */
export function planLengthText(cycles: number | null | undefined): string {
  return cycles ? plural(cycles, 'cycle', 'cycles') : 'until cancelled';
}

/** "every month · 12 cycles", "every week · until cancelled". */
export function describePlan(plan: PlanWords): string {
  return `${describePlanInterval(plan.interval, plan.intervalCount)} · ${planLengthText(plan.cycles)}`;
}

/** "3 of 12 cycles"; "3 cycles" for a plan that runs until cancelled. */
export function cycleProgressText(charged: number, cycles: number | null | undefined): string {
  return cycles
    ? `${charged.toLocaleString('en-US')} of ${plural(cycles, 'cycle', 'cycles')}`
    : plural(charged, 'cycle', 'cycles');
}
