import type { TFunction } from 'i18next';
import type { SettlementCalendarDay } from '@mbo/contracts/settlements';
import { displayDayWithWeekday, weekdayOf } from '@/lib/display-day';
import { displayMoney } from '@/lib/display-money';

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month the calendar call takes (YYYY-MM, 1970 to 2100). */
export function isCalendarMonth(text: string | null | undefined): text is string {
  const match = MONTH_RE.exec(text ?? '');
  return !!match && Number(match[1]) >= 1970 && Number(match[1]) <= 2100;
}

/** YYYY-MM plus n months. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The days of a month (YYYY-MM-DD). */
export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The weeks of a month, Monday first; the days before the 1st and after the last are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const days = daysOfMonth(month);
  const lead = ((weekdayOf(days[0]) ?? 1) + 6) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** What closes a day: its holidays' names, or "Weekend" (`t`: the settlements namespace's). */
export function dayNotes(d: Pick<SettlementCalendarDay, 'weekend' | 'holidays'>, t: TFunction): string[] {
  if (d.holidays.length) return d.holidays;
  return d.weekend ? [t('calendar.weekend')] : [];
}

/** Whether a day has anything to show in the phone list: a settlement paid or expected, or a holiday. */
export function dayHasNews(d: SettlementCalendarDay): boolean {
  return d.settlementCount > 0 || d.paid.length > 0 || d.expected.length > 0 || d.holidays.length > 0;
}

/**
 * Everything a day says, in one sentence for screen readers: "Mon 23 Nov 2026, today. Paid 1,200.00 USD. Expected
 * 300.00 EUR."
 */
export function dayDescription(d: SettlementCalendarDay, today: string, t: TFunction): string {
  const list = (amounts: typeof d.paid) =>
    amounts.map((a) => displayMoney(a.net, a.currency)).join(t('calendar.listSeparator'));
  const parts = [`${displayDayWithWeekday(d.day)}${d.day === today ? t('calendar.todaySuffix') : ''}`];
  const notes = dayNotes(d, t);
  if (notes.length) parts.push(notes.join(t('calendar.listSeparator')));
  else if (!d.working) parts.push(t('calendar.nonWorking'));
  if (d.paid.length) parts.push(t('calendar.paidList', { amounts: list(d.paid) }));
  if (d.expected.length) parts.push(t('calendar.expectedList', { amounts: list(d.expected) }));
  return `${parts.join(t('calendar.sentenceSeparator'))}${t('calendar.sentenceEnd')}`;
}

/**
 * The day a key moves the focus to in a month grid (arrows: a day or a week; Home / End: the week's ends), kept inside
 * the month.
 */
export function dayAfterKey(day: string, key: string, month: string): string | null {
  const days = daysOfMonth(month);
  const index = days.indexOf(day);
  if (index < 0) return null;
  const weekday = ((weekdayOf(day) ?? 1) + 6) % 7;
  const moves: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -weekday,
    End: 6 - weekday,
  };
  if (!(key in moves)) return null;
  const target = Math.min(days.length - 1, Math.max(0, index + moves[key]));
  return days[target];
}
