/**
 * Time-zone checks and Intl date formatters, made once and kept: building an Intl.DateTimeFormat
 * costs far more than using one, and a list page formats every time of every row.
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
