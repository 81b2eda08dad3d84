/**
 * When a schedule runs and what each run covers, in the schedule's IANA zone. The wall-clock arithmetic is
 * lib/working-days' (calendar days) and lib/zoned-time's (@date-fns/tz): a run at 02:30 on the night the clock
 * jumps over it (Europe/Amsterdam, last Sunday of March) runs at the jump (03:00); on the night it goes back and
 * shows 02:30 twice, at the first of the two. So each local day of the schedule has one run, at its local time.
 */
import type { ReportScheduleFrequency } from '@mbo/contracts/report-schedules';
import { addDays, dayOf, weekdayOf, zonedInstant } from '../../lib/working-days';

export interface ScheduleRule {
  frequency: ReportScheduleFrequency;
  /** ISO weekday, 1 Monday … 7 Sunday (WEEKLY). */
  dayOfWeek: number | null;
  /** 1 to 31; 29 to 31 fall on the last day of a shorter month (MONTHLY). */
  dayOfMonth: number | null;
  /** 'HH:MM', 24 h, in timeZone. */
  time: string;
  timeZone: string;
}

/** Longest gap between two runs (a monthly one on the 31st: 31 days), with room to spare. */
const SEARCH_DAYS = 70;

function daysInMonth(day: string): number {
  const [year, month] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether the schedule runs on this calendar day (YYYY-MM-DD). */
export function runsOn(rule: ScheduleRule, day: string): boolean {
  if (rule.frequency === 'WEEKLY') return weekdayOf(day) === rule.dayOfWeek;
  if (rule.frequency === 'MONTHLY')
    return Number(day.slice(8, 10)) === Math.min(rule.dayOfMonth ?? 1, daysInMonth(day));
  return true;
}

/** The run of that day: its local time in the zone. */
export function runOf(rule: ScheduleRule, day: string): Date {
  return zonedInstant(day, rule.time, rule.timeZone);
}

/** The first run strictly after `after`. */
export function nextRunAfter(rule: ScheduleRule, after: Date): Date {
  let day = dayOf(after, rule.timeZone);
  for (let i = 0; i <= SEARCH_DAYS; i++, day = addDays(day, 1)) {
    if (!runsOn(rule, day)) continue;
    const at = runOf(rule, day);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new RangeError(`No run of the schedule within ${SEARCH_DAYS} days after ${after.toISOString()}.`);
}

/**
 * The last run at or before `now`: the one period a tick runs, however many it missed while the servers were down
 * (catching up sends the latest report once, not one per missed period).
 */
export function latestRunAtOrBefore(rule: ScheduleRule, now: Date): Date {
  let day = dayOf(now, rule.timeZone);
  for (let i = 0; i <= SEARCH_DAYS; i++, day = addDays(day, -1)) {
    if (!runsOn(rule, day)) continue;
    const at = runOf(rule, day);
    if (at.getTime() <= now.getTime()) return at;
  }
  throw new RangeError(`No run of the schedule within ${SEARCH_DAYS} days before ${now.toISOString()}.`);
}

/**
 * What a run's report covers, in the schedule's zone, from local midnight to local midnight: the day before the
 * run (DAILY), the 7 days before it (WEEKLY), the calendar month before it (MONTHLY). `to` is the first instant
 * after the period.
 */
export function periodOf(rule: ScheduleRule, runAt: Date): { from: Date; to: Date; fromDay: string; toDay: string } {
  const day = dayOf(runAt, rule.timeZone);
  let fromDay: string;
  let endDay: string;
  if (rule.frequency === 'MONTHLY') {
    endDay = `${day.slice(0, 8)}01`;
    fromDay = `${addDays(endDay, -1).slice(0, 8)}01`;
  } else {
    endDay = day;
    fromDay = addDays(day, rule.frequency === 'WEEKLY' ? -7 : -1);
  }
  return {
    from: zonedInstant(fromDay, '00:00', rule.timeZone),
    to: zonedInstant(endDay, '00:00', rule.timeZone),
    fromDay,
    toDay: addDays(endDay, -1),
  };
}
