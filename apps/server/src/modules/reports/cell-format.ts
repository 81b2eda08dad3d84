/**
 * Cells an export writes. Text that a spreadsheet could read as a formula (starting with = + - @,
 * TAB or CR) gets a leading single quote (OWASP CSV injection), in CSV and in XLSX alike. Amounts are
 * written by money.ts `formatAmount` (exact major-unit text per the currency's exponent).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV field per RFC 4180: quoted when it holds a quote, comma, CR or LF; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvRecord(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
