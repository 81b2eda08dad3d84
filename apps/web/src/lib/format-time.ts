/**
 * Times shown in the user's time zone (CurrentUser.timeZone), always with the zone labelled.
 * Read through zone-formatters' wall clock (Intl only), so no dayjs plugin has to be registered globally.
 */
import { validZone, wallClock } from './zone-formatters';
import { zoneOffsetMinutes } from './zoned-date';
import { i18n } from '@/i18n/i18n';

/**
 * "2026-05-14 09:32:10" in the given zone, without naming it: only for a time under a column header,
 * a card or a page note that names the zone (timeZoneLabel); anywhere else use formatZonedDateTime.
 * The input as it is when it is not a date.
 */
export function formatDateTime(iso: string, timeZone: string | null | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const w = wallClock(timeZone, date);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}:${w.second}`;
}

/** "GMT+08:00", "GMT-03:00", "GMT+05:30". */
function offsetText(minutes: number): string {
  const hhmm = `${String(Math.trunc(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
  return `GMT${minutes < 0 ? '-' : '+'}${hhmm}`;
}

/**
 * A time that names its zone in itself, "2026-05-14 09:32:10 GMT+08:00" (the offset of that instant,
 * so summer and winter times each read right): for times in sentences, cards and fields that do not
 * name the zone. `minute` leaves out the seconds ("2026-05-14 09:32 GMT+08:00").
 */
export function formatZonedDateTime(
  iso: string,
  timeZone: string | null | undefined,
  precision: 'second' | 'minute' = 'second',
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = formatDateTime(iso, timeZone);
  return `${precision === 'minute' ? text.slice(0, 16) : text} ${offsetText(zoneOffsetMinutes(validZone(timeZone), date))}`;
}

/** "Asia/Singapore (GMT+08:00)": the zone's name and its current offset. */
export function timeZoneLabel(timeZone: string | null | undefined): string {
  return `${validZone(timeZone)} (${timeZoneOffsetLabel(timeZone)})`;
}

/** "GMT+08:00": the zone's current offset alone, where its name does not fit (under a column's title). */
export function timeZoneOffsetLabel(timeZone: string | null | undefined): string {
  return offsetText(zoneOffsetMinutes(validZone(timeZone), new Date()));
}

/** The hour of day (0–23) now in the given zone. */
export function hourInTimeZone(timeZone: string | null | undefined, now: Date = new Date()): number {
  return Number(wallClock(timeZone, now).hour || now.getHours()) % 24;
}

/** "Good morning" / "Good afternoon" / "Good evening" for the hour in the user's zone, in the language in force. */
export function greetingFor(hour: number): string {
  const part = hour >= 5 && hour < 12 ? 'morning' : hour >= 12 && hour < 18 ? 'afternoon' : 'evening';
  return i18n.t(`greeting.${part}`, { ns: 'kit' });
}
