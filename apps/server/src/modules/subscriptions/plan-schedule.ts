import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, addYears } from 'date-fns';
import type { PlanInterval } from '@mbo/contracts/subscriptions';

export interface PlanClock {
  startAt: Date;
  /** The zone the schedule is counted in: "monthly" is the same day of the month, at the same time, there. */
  timeZone: string;
  interval: PlanInterval;
  intervalCount: number;
}

const ADD: Record<PlanInterval, (date: TZDate, n: number) => TZDate> = {
  DAY: (d, n) => addDays(d, n),
  WEEK: (d, n) => addWeeks(d, n),
  MONTH: (d, n) => addMonths(d, n),
  YEAR: (d, n) => addYears(d, n),
};

/**
 * When cycle `cycle` (1 = the first charge, at the start) is due. Always counted from the start, never
 * from the previous charge, so a plan started on 31 January is due on the last day of February and then
 * on 31 March again (date-fns clamps to the month's last day); a retry never moves the schedule.
 */
export function cycleDueAt(plan: PlanClock, cycle: number): Date {
  if (!Number.isInteger(cycle) || cycle < 1) throw new Error(`cycle ${cycle}: cycles count from 1`);
  const start = new TZDate(plan.startAt.getTime(), plan.timeZone);
  return new Date(ADD[plan.interval](start, (cycle - 1) * plan.intervalCount).getTime());
}

const DAY_MS = 86_400_000;

/** A declined charge's retry: `days` after it was due. */
export function retryAt(dueAt: Date, days: number): Date {
  return new Date(dueAt.getTime() + days * DAY_MS);
}
