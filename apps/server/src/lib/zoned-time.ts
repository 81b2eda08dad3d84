/**
 * Where instants meet IANA time zones on the server, all through @date-fns/tz (whose zone data is
 * the runtime's): the wall clock and calendar day of an instant in a zone, and the instant a wall
 * clock of a zone shows. Working days, date ranges, exports, dispute documents and mails use these.
 *
 * Offsets come from `tzOffset`, to the second (the local mean times before ~1900 have odd seconds).
 * formatInZone keeps them per zone and quarter hour: an export formats millions of nearby instants,
 * and offsets change (DST, law) on a 15-minute UTC grid in practice; a quarter hour whose two ends
 * disagree is not kept, so an offset change off that grid is still exact. The other functions ask
 * for each offset (one call; a cache would only fill up with the scattered instants they are given).
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';

const knownZones = new Set<string>();

/**
 * Whether the runtime knows `timeZone` as a zone name (Asia/Singapore, UTC). Asked of Intl itself:
 * `tzOffset` would also read any text holding "+05" as a fixed offset.
 */
export function isTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  if (knownZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  knownZones.add(timeZone);
  return true;
}

function assertTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) {
    throw new RangeError(`Unknown time zone ${JSON.stringify(timeZone)}: expected an IANA zone such as Europe/Berlin.`);
  }
}

/** The zone's offset from UTC at instant `ms`, exact to the second, asked of @date-fns/tz each time. */
function exactOffsetMs(ms: number, timeZone: string): number {
  assertTimeZone(timeZone);
  return Math.round(tzOffset(timeZone, new Date(ms)) * 60) * 1000;
}

const QUARTER_MS = 15 * 60 * 1000;
/** Offsets by "zone|quarter"; NaN marks a quarter hour in which the offset changes. */
const offsets = new Map<string, number>();

/** The zone's offset from UTC at instant `ms` (Berlin in summer: 7,200,000), kept per quarter hour. */
function cachedOffsetMs(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_MS) * QUARTER_MS;
  const key = `${timeZone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const first = exactOffsetMs(quarter, timeZone);
    offset = first === exactOffsetMs(quarter + QUARTER_MS - 1, timeZone) ? first : Number.NaN;
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(key, offset);
  }
  return Number.isNaN(offset) ? exactOffsetMs(ms, timeZone) : offset;
}

/**
 * An instant as "YYYY-MM-DD HH:mm:ss" wall-clock time in the zone. The local time is the instant
 * moved by the offset and read in UTC; TZDate with date-fns `format` does the same five times slower,
 * so it only writes local years an ISO string cannot (before 0000 or after 9999).
 */
function wallClock(ms: number, offsetMs: (ms: number, timeZone: string) => number, timeZone: string): string {
  const local = new Date(ms + offsetMs(ms, timeZone));
  const year = local.getUTCFullYear();
  if (year < 0 || year > 9999) return format(new TZDate(ms, timeZone), 'uuuu-MM-dd HH:mm:ss');
  return local.toISOString().slice(0, 19).replace('T', ' ');
}

/** An instant as "YYYY-MM-DD HH:mm:ss" wall-clock time in the IANA zone ('' for none or an invalid date). */
export function formatInZone(at: Date | string | null, timeZone: string): string {
  if (at === null) return '';
  const ms = (typeof at === 'string' ? new Date(at) : at).getTime();
  if (Number.isNaN(ms)) return '';
  return wallClock(ms, cachedOffsetMs, timeZone);
}

/**
 * The calendar day (YYYY-MM-DD) an instant falls on in the zone; a RangeError for an invalid Date or an unknown zone.
 */
export function dayInZone(instant: Date, timeZone: string): string {
  const ms = instant instanceof Date ? instant.getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError('Invalid instant: expected a valid Date.');
  return wallClock(ms, exactOffsetMs, timeZone).slice(0, 10);
}

/**
 * The instant at which the zone's wall clock shows `wall` (a wall-clock time written as milliseconds
 * of the same clock in UTC). When the clock goes back and shows it twice, the first of the two
 * instants; when the clock jumps forward over it (Europe/Berlin 2026-03-29 02:30), the first valid
 * instant after it: the moment of the jump (03:00 there). TZDate's constructor is not used for this:
 * it moves a skipped time by the length of the gap (02:30 → 03:30) and picks either instant of a
 * repeated time depending on the zone.
 */
export function instantOfWallClock(wall: number, timeZone: string): Date {
  const DAY_MS = 86_400_000;
  // Zones change their offset at most once a day: the offsets a day either side are the candidates.
  const before = exactOffsetMs(wall - DAY_MS, timeZone);
  const after = exactOffsetMs(wall + DAY_MS, timeZone);
  const valid = [wall - before, wall - after].filter((t) => t + exactOffsetMs(t, timeZone) === wall);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In the gap: find the first second whose offset is no longer `before` (the jump).
  let lo = Math.floor((wall - after) / 1000); // still before the jump
  let hi = Math.ceil((wall - before) / 1000); // already after it
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (exactOffsetMs(mid * 1000, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return new Date(hi * 1000);
}
