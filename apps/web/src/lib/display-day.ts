/**
 * Calendar days (YYYY-MM-DD: a settlement day, a due day, a holiday) on screen. A day is not an
 * instant: it is shown as it is written, never moved by the browser's or the merchant's zone.
 * The product writes every date one way, "2026-11-23" (the date part of format-time's times), in
 * every language; only a chart's axis, where the year is known around it, shortens it ("Nov 23",
 * "11月23日"), and weekday and month names are the language's (Intl).
 */

import { dateTimeFormat } from './zone-formatters';
import { intlLocale } from './formats';

/** A day's or month's words in the language in force (formats.ts), read at noon UTC of that day. */
const named = (p: DayParts, options: Intl.DateTimeFormatOptions) =>
  dateTimeFormat(intlLocale(), { ...options, timeZone: 'UTC' }).format(Date.UTC(p.year, p.month - 1, p.day, 12));

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface DayParts {
  year: number;
  month: number;
  day: number;
}

function partsOf(day: string): DayParts | null {
  const match = DAY_RE.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || date < 1 || date > 31) return null;
  return { year, month, day: date };
}

/** 0 (Sunday) to 6 (Saturday); null when the text is not a day. */
export function weekdayOf(day: string): number | null {
  const p = partsOf(day);
  return p ? new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-23" → "2026-11-23" (checked and zero-padded); the text as it is when it is not a day. */
export function displayDay(day: string): string {
  const p = partsOf(day);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)}` : day;
}

/** "2026-11-23" → "Nov 23" / "11月23日" (chart axes, where the year is known around it). */
export function displayShortDay(day: string): string {
  const p = partsOf(day);
  return p ? named(p, { month: 'short', day: 'numeric' }) : day;
}

/** "2026-11-23" → "Mon 2026-11-23" / "周一 2026-11-23". */
export function displayDayWithWeekday(day: string): string {
  const p = partsOf(day);
  return p ? `${named(p, { weekday: 'short' })} ${displayDay(day)}` : day;
}

/** "2026-11" → "November 2026" / "2026年11月"; the text as it is when it is not a month. */
export function displayMonth(month: string): string {
  const p = partsOf(`${month}-01`);
  return p ? named(p, { month: 'long', year: 'numeric' }) : month;
}
