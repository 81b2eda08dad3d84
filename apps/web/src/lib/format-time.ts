/**
 * Times shown in the user's time zone (CurrentUser.timeZone), always with the zone labelled.
 * Intl only, so no dayjs plugin has to be registered globally.
 */
import { dateTimeFormat, validZone } from './zone-formatters';

/** "2026-05-14 09:32:10" in the given zone; the input as it is when it is not a date. */
export function formatDateTime(iso: string, timeZone: string | null | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = dateTimeFormat('en-CA', {
    timeZone: validZone(timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** "Asia/Singapore (GMT+08:00)": the zone's name and its current offset. */
export function timeZoneLabel(timeZone: string | null | undefined): string {
  const zone = validZone(timeZone);
  const offset = dateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')?.value;
  return offset ? `${zone} (${offset === 'GMT' ? 'GMT+00:00' : offset})` : zone;
}

/** The hour of day (0–23) now in the given zone. */
export function hourInTimeZone(timeZone: string | null | undefined, now: Date = new Date()): number {
  const hour = dateTimeFormat('en', { timeZone: validZone(timeZone), hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(now)
    .find((p) => p.type === 'hour')?.value;
  return Number(hour ?? now.getHours()) % 24;
}

/** "Good morning" / "Good afternoon" / "Good evening" for the hour in the user's zone. */
export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Good morning';
  if (hour >= 12 && hour < 18) return 'Good afternoon';
  return 'Good evening';
}
