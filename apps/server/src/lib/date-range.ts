/**
 * The one reader of the date ranges of lists and exports: createdFrom/createdTo, dueFrom/dueTo,
 * nextChargeFrom/nextChargeTo, an export's range and a webhook replay's. Every list, export and
 * replay reads its range here; none writes its own `>= ${value}::timestamptz` or zone arithmetic.
 *
 * The contract:
 * - Accepted: ISO 8601 date-times with an offset, as the contract's `isoDateTime` checks them, whose
 *   instant lies from 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z (UTC). Anything else
 *   (year 0, year 10000, not a date) is refused by the contract as 001000B001 naming the field; should
 *   one reach this reader anyway, it refuses it the same way. A valid date is never a 500.
 * - A bound keeps the text it was given for PostgreSQL (which reads it to the microsecond, as the
 *   rows are stored: a bound copied from a row matches that row) and its instant to the millisecond
 *   for JavaScript (the day it falls on in a zone).
 * - Clamped into [0001-01-02T00:00:00.000Z, 9999-12-30T23:59:59.999Z]: a whole day inside the years
 *   1 to 9999 at each end. Every time zone's offset is within ±24 hours (UTC−12 to UTC+14 today, the
 *   local mean times of the 1800s up to ±15:56), so a bound seen in any zone, as a wall clock or as a
 *   calendar day, still falls within the years 1 to 9999: a valid PostgreSQL date, a four-digit ISO
 *   year, never year 0 (which PostgreSQL has not) nor year 10000 (`+010000-…`). No record is dated in
 *   the clamped-off day, so clamping changes no answer. Clamping keeps the order of the bounds.
 * - A range whose from is after its to is empty for a list; an export or a replay that needs an order
 *   or a longest span checks it on the read range (the callers' own rules).
 */
import { sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from './app-error';
import { dayInZone } from './zoned-time';

/** The instants a range may name: the years 1 to 9999, UTC. */
export const FIRST_ACCEPTED_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const LAST_ACCEPTED_MS = Date.parse('9999-12-31T23:59:59.999Z');
/**
 * The instants a read range holds: a day inside the accepted ones, so that every zone keeps them in the years 1 to
 * 9999.
 */
export const FIRST_SAFE_MS = Date.parse('0001-01-02T00:00:00.000Z');
export const LAST_SAFE_MS = Date.parse('9999-12-30T23:59:59.999Z');

/** One bound of a read range, within the safe window. */
export interface DateBound {
  /** The instant, to the millisecond. */
  at: Date;
  /** The instant as PostgreSQL reads it (timestamptz): the text as given, or the clamped instant's ISO text. */
  text: string;
}

/** A read range: each bound within the safe window, or absent (unbounded on that side). */
export interface DateRange {
  from?: DateBound;
  to?: DateBound;
}

/** The names of a range's two fields, for the error that names the one refused. */
export interface RangeFields {
  from: string;
  to: string;
}

export const CREATED_FIELDS: RangeFields = { from: 'createdFrom', to: 'createdTo' };

function refused(field: string): AppError {
  const message = 'must be a date-time between the years 1 and 9999';
  return new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: ${field} ${message}.`,
    data: { fields: [{ field, message }] },
  });
}

/**
 * One bound: undefined stays unbounded; an accepted instant is clamped into the safe window; anything else is refused
 * naming `field`.
 */
function readBound(value: string | undefined, field: string): DateBound | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!(ms >= FIRST_ACCEPTED_MS && ms <= LAST_ACCEPTED_MS)) throw refused(field);
  if (ms < FIRST_SAFE_MS || ms > LAST_SAFE_MS) {
    const at = new Date(ms < FIRST_SAFE_MS ? FIRST_SAFE_MS : LAST_SAFE_MS);
    return { at, text: at.toISOString() };
  }
  return { at: new Date(ms), text: value };
}

/** Reads a range from its two fields (either may be absent). */
export function readDateRange(
  from: string | undefined,
  to: string | undefined,
  fields: RangeFields = CREATED_FIELDS,
): DateRange {
  const range: DateRange = {};
  const f = readBound(from, fields.from);
  const t = readBound(to, fields.to);
  if (f) range.from = f;
  if (t) range.to = t;
  return range;
}

/** Reads a range both of whose bounds are required (an export's, a replay's). */
export function readRequiredDateRange(
  from: string,
  to: string,
  fields: RangeFields = CREATED_FIELDS,
): Required<DateRange> {
  const range = readDateRange(from, to, fields);
  if (!range.from) throw refused(fields.from);
  if (!range.to) throw refused(fields.to);
  return { from: range.from, to: range.to };
}

/** `column >= from` and `column <= to` (both ends included) for the bounds a range has, as timestamptz parameters. */
export function rangeConditions(column: SQL, range: DateRange): SQL[] {
  const all: SQL[] = [];
  if (range.from) all.push(sql`${column} >= ${range.from.text}::timestamptz`);
  if (range.to) all.push(sql`${column} <= ${range.to.text}::timestamptz`);
  return all;
}

/** A list's created range over `column`: `readDateRange` then `rangeConditions` (the common case). */
export function createdRangeConditions(column: SQL, f: { createdFrom?: string; createdTo?: string }): SQL[] {
  return rangeConditions(column, readDateRange(f.createdFrom, f.createdTo));
}

/** The calendar day (YYYY-MM-DD) an instant of a read range falls on in an IANA zone (lib/zoned-time). */
export { dayInZone };

/**
 * The calendar days of a range's bounds in a zone: what a list by day (the settlement day) filters on, both ends
 * included.
 */
export function rangeDays(range: DateRange, timeZone: string): { from?: string; to?: string } {
  return {
    ...(range.from ? { from: dayInZone(range.from.at, timeZone) } : {}),
    ...(range.to ? { to: dayInZone(range.to.at, timeZone) } : {}),
  };
}

/** `column >= fromDay` and `column <= toDay` over a date column, the days taken in `timeZone`. */
export function dayRangeConditions(column: SQL, range: DateRange, timeZone: string): SQL[] {
  const days = rangeDays(range, timeZone);
  const all: SQL[] = [];
  if (days.from) all.push(sql`${column} >= ${days.from}::date`);
  if (days.to) all.push(sql`${column} <= ${days.to}::date`);
  return all;
}
