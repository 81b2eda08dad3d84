/**
 * Cells an export writes. Text that a spreadsheet could read as a formula (starting with = + - @,
 * TAB or CR) gets a leading single quote (OWASP CSV injection), in CSV and in XLSX alike. Amounts are
 * written by money.ts `formatAmount` (exact major-unit text per the currency's exponent).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Wall-clock "YYYY-MM-DD HH:mm:ss" of an instant through Intl (exact, but slow: ~15 µs a call). */
function wallClockViaIntl(date: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * Offsets change (DST, law) only at instants on a 15-minute UTC grid (local whole or half hours in
 * zones whose offsets are multiples of 15 minutes), so one Intl call per zone and quarter hour is
 * enough; an export of a million rows then spends its time on I/O, not on time zones.
 */
const QUARTER_MS = 15 * 60 * 1000;
const offsets = new Map<string, number>();

function offsetMs(ms: number, timeZone: string): number {
  const bucket = Math.floor(ms / QUARTER_MS) * QUARTER_MS;
  const key = `${timeZone}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const wall = wallClockViaIntl(new Date(bucket), timeZone);
    offset = Date.parse(`${wall.replace(' ', 'T')}Z`) - bucket;
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** An instant as "YYYY-MM-DD HH:mm:ss" wall-clock time in the IANA zone (the column header names the zone). */
export function formatInZone(at: Date | string | null, timeZone: string): string {
  if (at === null) return '';
  const ms = (typeof at === 'string' ? new Date(at) : at).getTime();
  if (Number.isNaN(ms)) return '';
  const local = new Date(ms + offsetMs(ms, timeZone));
  const year = local.getUTCFullYear();
  if (year < 1000 || year > 9999) return wallClockViaIntl(new Date(ms), timeZone);
  return local.toISOString().slice(0, 19).replace('T', ' ');
}

/** One CSV field per RFC 4180: quoted when it holds a quote, comma, CR or LF; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvRecord(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
