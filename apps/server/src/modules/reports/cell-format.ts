/**
 * Cells an export writes. Text that a spreadsheet could read as a formula (starting with = + - @,
 * TAB or CR) gets a leading single quote (OWASP CSV injection), in CSV and in XLSX alike. Amounts are
 * written by money.ts `formatAmount` (exact major-unit text per the currency's exponent).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
