/**
 * Calendar days in the merchant's time zone (CurrentUser.timeZone) and the instants they start and
 * end at, for date-range filters: the URL holds days ("2026-05-14"), the API gets ISO instants.
 * Zones are read through zone-formatters' wall clock (Intl only, no dayjs timezone plugin).
 */

import { wallClock } from './zone-formatters';

const DAY_MS = 86_400_000;

/** A wall clock as milliseconds of the same clock in UTC. */
function wallClockMs(timeZone: string | null | undefined, at: Date): number {
  const w = wallClock(timeZone, at);
  return Date.UTC(
    Number(w.year),
    Number(w.month) - 1,
    Number(w.day),
    Number(w.hour),
    Number(w.minute),
    Number(w.second),
  );
}

/** Minutes the zone is ahead of UTC at an instant (Asia/Singapore → 480). */
export function zoneOffsetMinutes(timeZone: string | null | undefined, at: Date): number {
  const offsetMs = wallClockMs(timeZone, at) - Math.floor(at.getTime() / 1000) * 1000;
  return Number.isNaN(offsetMs) ? 0 : Math.trunc(offsetMs / 60_000);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayInZone(timeZone: string | null | undefined, at: Date = new Date()): string {
  const w = wallClock(timeZone, at);
  return `${w.year}-${w.month}-${w.day}`;
}

/**
 * The instant (milliseconds) the zone's wall clock shows `wall` (a wall-clock time written as
 * milliseconds of the same clock in UTC): the wall clock moved by the zone's offset, taken twice,
 * since around a DST change the offset at the guess can differ from the offset at the result.
 */
export function zonedWallTimeMs(wall: number, timeZone: string | null | undefined): number {
  const guess = wall - zoneOffsetMinutes(timeZone, new Date(wall)) * 60_000;
  return wall - zoneOffsetMinutes(timeZone, new Date(guess)) * 60_000;
}

/** YYYY-MM-DD plus n days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The instant (ISO, UTC) the day starts at in the zone. */
export function startOfDayIso(day: string, timeZone: string | null | undefined): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(zonedWallTimeMs(Date.UTC(y, m - 1, d), timeZone)).toISOString();
}

/** The last millisecond of the day in the zone (ISO, UTC). */
export function endOfDayIso(day: string, timeZone: string | null | undefined): string {
  return new Date(new Date(startOfDayIso(addDays(day, 1), timeZone)).getTime() - 1).toISOString();
}

export interface DayRange {
  /** First day, YYYY-MM-DD, inclusive. */
  from?: string;
  /** Last day, YYYY-MM-DD, inclusive. */
  to?: string;
}

/** A day range as the API's createdFrom / createdTo instants (each only when set). */
export function dayRangeToIso(
  range: DayRange,
  timeZone: string | null | undefined,
): { createdFrom?: string; createdTo?: string } {
  return {
    ...(range.from ? { createdFrom: startOfDayIso(range.from, timeZone) } : {}),
    ...(range.to ? { createdTo: endOfDayIso(range.to, timeZone) } : {}),
  };
}

export interface DatePreset {
  key: string;
  label: string;
  /** How many days the range covers, today included. */
  days: number;
}

/** The presets of every date-range filter (PRODUCT.md). */
export const DATE_PRESETS: readonly DatePreset[] = [
  { key: 'today', label: 'Today', days: 1 },
  { key: '7d', label: '7 days', days: 7 },
  { key: '30d', label: '30 days', days: 30 },
  { key: '90d', label: '90 days', days: 90 },
];

/** The day range of a preset: the last `days` days up to today in the zone. */
export function presetRange(
  days: number,
  timeZone: string | null | undefined,
  now: Date = new Date(),
): Required<DayRange> {
  const today = dayInZone(timeZone, now);
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The preset a range equals today, if any (to highlight it). */
export function matchingPreset(
  range: DayRange,
  timeZone: string | null | undefined,
  now: Date = new Date(),
): DatePreset | undefined {
  return DATE_PRESETS.find((p) => {
    const r = presetRange(p.days, timeZone, now);
    return r.from === range.from && r.to === range.to;
  });
}
