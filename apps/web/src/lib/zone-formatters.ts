/**
 * The web's one way to meet time zones: Intl, through the checks and formatters here, made once and
 * kept (building an Intl.DateTimeFormat costs far more than using one, and a list page formats every
 * time of every row). `wallClock` reads an instant's wall clock in a zone; days, times, hours and
 * offsets (zoned-date.ts, format-time.ts) are all derived from it. No date library: Intl alone is
 * smaller, and every browser the product supports has the zone data.
 */

/** The browser's zone, for when no user (or no valid zone) is known. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const zoneValidity = new Map<string, boolean>();

/** True when Intl knows the IANA zone ("Asia/Singapore"). */
export function isValidTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    zoneValidity.set(zone, valid);
  }
  return valid;
}

/** The zone to format in: the given one when valid, the browser's when none is given, else UTC. */
export function validZone(timeZone: string | null | undefined): string {
  if (!timeZone) return browserTimeZone();
  return isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The Intl.DateTimeFormat of a locale and options (with a valid timeZone), built on first use. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** An instant's wall clock in a zone, each field as two digits (the year as four). */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The wall clock of `at` in the zone (validZone: the browser's when none is given, UTC for an unknown one). */
export function wallClock(timeZone: string | null | undefined, at: Date): WallClock {
  const parts = dateTimeFormat('en-CA', {
    timeZone: validZone(timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}
