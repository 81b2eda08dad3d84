/**
 * The working-day calendar of a settlement country: which calendar days banks settle on, and "the
 * N-th working day after D" for settlement cycles (T+N), estimation and the month calendar page.
 *
 * Days are calendar days written `YYYY-MM-DD` (a business date in the country's calendar), never JS
 * Date midnights: all day arithmetic is done on whole days, so neither the server's TZ nor daylight
 * saving can move a day. Instants meet days in two places only: `dayOf` (the day an instant falls on
 * in an IANA zone) and `zonedInstant` (when a wall-clock time of a day happens in a zone).
 *
 * Non-working days are Saturdays, Sundays and the holidays of the country that close the whole day,
 * from the date-holidays library (national holidays only, no states or regions):
 * - type `public`, including the substitute ("observed") days the library gives as public, such as
 *   GB's Christmas substitute on Monday 27 Dec 2027 or US Independence Day observed on Fri 3 Jul 2026;
 * - type `bank` too: the library means "banks and offices are closed" (JP 2-3 Jan, BR Carnival), which
 *   is exactly what stops a settlement;
 * - a holiday that begins after midnight (a half day: DE Christmas Eve from 14:00, CN Women's Day from
 *   12:00) leaves its day a working day: banks settle in the morning;
 * - a holiday lasting several days (AE Eid, P3D) closes each of its days.
 * `optional`, `school` and `observance` entries are ignored. A day's `holiday` name is set exactly when
 * a holiday makes it non-working (also on a weekend), in English when the library has it, otherwise in
 * the country's own language; two holidays on one day are joined with " / ".
 */
import Holidays from 'date-holidays';
import { dayInZone, instantOfWallClock } from './zoned-time';

/** Days outside this range are refused (RangeError): holiday data means nothing far from today. */
export const FIRST_DAY = '1970-01-01';
export const LAST_DAY = '2199-12-31';
/** The largest N of `nthWorkingDayAfter`, and the longest range (in days) of `holidaysBetween`. */
export const MAX_WORKING_DAYS_AFTER = 366;
export const MAX_RANGE_DAYS = 366;

export interface CalendarDay {
  day: string;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  weekend: boolean;
  /** The name of the holiday that closes the day, or null. */
  holiday: string | null;
  working: boolean;
}

export interface NamedHoliday {
  day: string;
  name: string;
}

export interface WorkingDayCalendar {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
  isWorkingDay(day: string): boolean;
  /** The holiday that closes `day`, or null (a half-day holiday or a plain weekend gives null). */
  holidayName(day: string): string | null;
  /**
   * The N-th working day strictly after `day` (T+N). N = 0 gives `day` itself when it is a working day,
   * else the next working day (T+0 of a batch closed on a Sunday settles on Monday). N is an integer
   * from 0 to 366; anything else is a RangeError.
   */
  nthWorkingDayAfter(day: string, n: number): string;
  /** The first working day strictly after `day` (= nthWorkingDayAfter(day, 1)). */
  nextWorkingDay(day: string): string;
  /** Every day of `month` ('YYYY-MM'), in order: what a month calendar page shows. */
  monthDays(month: string): CalendarDay[];
  /** The holidays closing a day from `from` to `to`, both included, at most 366 days, in order. */
  holidaysBetween(from: string, to: string): NamedHoliday[];
}

const DAY_MS = 86_400_000;
const FIRST_EPOCH_DAY = 0;
const LAST_EPOCH_DAY = Date.UTC(2199, 11, 31) / DAY_MS;

// ---------------------------------------------------------------- calendar days

/** Whether `value` is an existing calendar day `YYYY-MM-DD` within the supported range. */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === 'string' && epochDayOrNull(value) !== null;
}

/** `day` moved by `n` whole days (n may be negative). */
export function addDays(day: string, n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`The number of days must be an integer, got ${String(n)}.`);
  return formatEpochDay(toEpochDay(day) + n);
}

/** `to` − `from` in days (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to, 'to') - toEpochDay(from, 'from');
}

/** ISO weekday of `day`: 1 = Monday … 7 = Sunday. */
export function weekdayOf(day: string): number {
  return isoWeekday(toEpochDay(day));
}

function epochDayOrNull(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) return null;
  const epochDay = Date.UTC(year, month - 1, date) / DAY_MS;
  return epochDay >= FIRST_EPOCH_DAY && epochDay <= LAST_EPOCH_DAY ? epochDay : null;
}

function toEpochDay(day: string, field = 'day'): number {
  const epochDay = typeof day === 'string' ? epochDayOrNull(day) : null;
  if (epochDay === null) {
    throw new RangeError(
      `Invalid ${field} ${JSON.stringify(day)}: expected an existing calendar day as YYYY-MM-DD from ${FIRST_DAY} to ${LAST_DAY}.`,
    );
  }
  return epochDay;
}

function formatEpochDay(epochDay: number): string {
  if (!Number.isInteger(epochDay) || epochDay < FIRST_EPOCH_DAY || epochDay > LAST_EPOCH_DAY) {
    throw new RangeError(`The day falls outside the supported range ${FIRST_DAY} to ${LAST_DAY}.`);
  }
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 1970-01-01 (epoch day 0) was a Thursday (4). */
function isoWeekday(epochDay: number): number {
  return ((((epochDay + 3) % 7) + 7) % 7) + 1;
}

function yearOfEpochDay(epochDay: number): number {
  return new Date(epochDay * DAY_MS).getUTCFullYear();
}

// ---------------------------------------------------------------- time zones

/** The calendar day `instant` falls on in `timeZone` (an IANA zone). */
export function dayOf(instant: Date, timeZone: string): string {
  return dayInZone(instant, timeZone);
}

/**
 * The instant the wall clock of `timeZone` shows `time` ('HH:MM', 24 h) on `day`: the moment a cut-off
 * such as 18:00 Asia/Singapore happens. When the clock goes back and shows the time twice, the first
 * of the two instants; when the clock jumps forward over it (Europe/Berlin 2026-03-29 02:30), the first
 * valid instant after it: the moment of the jump (03:00 there).
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Invalid time ${JSON.stringify(time)}: expected HH:MM from 00:00 to 23:59.`);
  return instantOfWallClock(toEpochDay(day) * DAY_MS + (Number(match[1]) * 60 + Number(match[2])) * 60_000, timeZone);
}

// ---------------------------------------------------------------- holidays

let countryCodes: Set<string> | null = null;

/** Whether date-holidays knows `country` (ISO 3166-1 alpha-2, any case). */
export function isCalendarCountry(country: string): boolean {
  countryCodes ??= new Set(Object.keys(new Holidays().getCountries()));
  return typeof country === 'string' && countryCodes.has(country.toUpperCase());
}

const calendars = new Map<string, WorkingDayCalendar>();

/**
 * The working-day calendar of `country` (ISO 3166-1 alpha-2, any case), built once and cached. A
 * country the holiday library does not know is a RangeError naming it (callers validate countries
 * first, with `isCalendarCountry`): a calendar of weekends only would settle on its holidays.
 */
export function workingDayCalendar(country: string): WorkingDayCalendar {
  if (!isCalendarCountry(country)) {
    throw new RangeError(
      `Unknown settlement country ${JSON.stringify(country)}: expected an ISO 3166-1 alpha-2 code the holiday library covers.`,
    );
  }
  const code = country.toUpperCase();
  let calendar = calendars.get(code);
  if (!calendar) {
    calendar = buildCalendar(code);
    calendars.set(code, calendar);
  }
  return calendar;
}

/** The holidays that close a whole day, by epoch day, loaded a year at a time (the library is slow per day). */
class ClosingHolidays {
  private readonly library: Holidays;
  private readonly names = new Map<number, string[]>();
  private readonly queriedYears = new Set<number>();
  private readonly readyYears = new Set<number>();

  constructor(country: string) {
    this.library = new Holidays(country, { languages: ['en'] });
  }

  name(epochDay: number): string | null {
    const year = yearOfEpochDay(epochDay);
    if (!this.readyYears.has(year)) {
      // A year's days can come from its neighbours' lists (US New Year observed on 31 Dec before).
      for (const y of [year - 1, year, year + 1]) this.query(y);
      this.readyYears.add(year);
    }
    return this.names.get(epochDay)?.join(' / ') ?? null;
  }

  private query(year: number): void {
    if (this.queriedYears.has(year)) return;
    this.queriedYears.add(year);
    for (const holiday of this.library.getHolidays(year, 'en')) {
      if (holiday.type !== 'public' && holiday.type !== 'bank') continue;
      const first = epochDayOrNull(holiday.date.slice(0, 10));
      if (first === null || holiday.date.slice(11, 19) !== '00:00:00') continue; // out of range, or a half day
      // Days covered: 24 h is one day, 72 h three; an hour of slack absorbs daylight saving.
      const hours = (holiday.end.getTime() - holiday.start.getTime()) / 3_600_000;
      const span = Math.max(1, Math.ceil((hours - 1) / 24));
      for (let d = first; d < first + span; d++) {
        const names = this.names.get(d) ?? [];
        if (!names.includes(holiday.name)) names.push(holiday.name);
        this.names.set(d, names);
      }
    }
  }
}

function buildCalendar(country: string): WorkingDayCalendar {
  const holidays = new ClosingHolidays(country);
  const isWorking = (epochDay: number): boolean => {
    if (epochDay > LAST_EPOCH_DAY) formatEpochDay(epochDay); // throws: past the supported range
    return isoWeekday(epochDay) < 6 && holidays.name(epochDay) === null;
  };
  const calendarDay = (epochDay: number): CalendarDay => {
    const weekday = isoWeekday(epochDay);
    const holiday = holidays.name(epochDay);
    const weekend = weekday >= 6;
    return { day: formatEpochDay(epochDay), weekday, weekend, holiday, working: !weekend && holiday === null };
  };

  const nthWorkingDayAfter = (day: string, n: number): string => {
    let epochDay = toEpochDay(day);
    if (!Number.isInteger(n) || n < 0 || n > MAX_WORKING_DAYS_AFTER) {
      throw new RangeError(
        `The number of working days must be an integer from 0 to ${MAX_WORKING_DAYS_AFTER}, got ${String(n)}.`,
      );
    }
    if (n === 0) {
      while (!isWorking(epochDay)) epochDay++;
      return formatEpochDay(epochDay);
    }
    for (let left = n; left > 0;) {
      epochDay++;
      if (isWorking(epochDay)) left--;
    }
    return formatEpochDay(epochDay);
  };

  return {
    country,
    isWorkingDay: (day) => isWorking(toEpochDay(day)),
    holidayName: (day) => holidays.name(toEpochDay(day)),
    nthWorkingDayAfter,
    nextWorkingDay: (day) => nthWorkingDayAfter(day, 1),
    monthDays(month) {
      const match = typeof month === 'string' ? /^(\d{4})-(\d{2})$/.exec(month) : null;
      const first = match ? epochDayOrNull(`${month}-01`) : null;
      if (!match || first === null) {
        throw new RangeError(
          `Invalid month ${JSON.stringify(month)}: expected YYYY-MM from ${FIRST_DAY.slice(0, 7)} to ${LAST_DAY.slice(0, 7)}.`,
        );
      }
      const length = daysInMonth(Number(match[1]), Number(match[2]));
      return Array.from({ length }, (_, i) => calendarDay(first + i));
    },
    holidaysBetween(from, to) {
      const start = toEpochDay(from, 'from');
      const end = toEpochDay(to, 'to');
      if (end < start) throw new RangeError(`Invalid range: to (${to}) is before from (${from}).`);
      if (end - start + 1 > MAX_RANGE_DAYS) {
        throw new RangeError(`Invalid range ${from} to ${to}: ${end - start + 1} days, at most ${MAX_RANGE_DAYS}.`);
      }
      const found: NamedHoliday[] = [];
      for (let d = start; d <= end; d++) {
        const name = holidays.name(d);
        if (name !== null) found.push({ day: formatEpochDay(d), name });
      }
      return found;
    },
  };
}
