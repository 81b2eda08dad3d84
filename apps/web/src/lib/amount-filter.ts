/**
 * Amount-range filters: typed and kept in the URL in major units ("12.50"), sent to the API in minor
 * units. The currency filter decides the exponent; without one the amounts are read with 2 decimals
 * (as EUR, USD and most others).
 */
import { parseAmount } from '@mbo/contracts/money';

/** The currency whose exponent reads an amount filter when no currency is chosen (2 decimals). */
const NO_CURRENCY_READS_AS = 'EUR';

/**
 * "12.5" in EUR → 1250. Undefined for anything that is not an amount of the currency: text that is
 * not a number, and more decimals than it has ("12.345" EUR, "1.5" JPY) are refused, not rounded.
 */
export function majorToMinorFilter(major: string | undefined, currency: string | undefined): number | undefined {
  if (!major) return undefined;
  const parsed = parseAmount(major, currency ?? NO_CURRENCY_READS_AS);
  return parsed.ok ? parsed.minor : undefined;
}

/**
 * Why a typed amount cannot filter in the currency, or null: too many decimals or too large. Empty and
 * unfinished text ("12.") is null; the input does not apply it either.
 */
export function amountFilterProblem(major: string | undefined, currency: string | undefined): string | null {
  const parsed = parseAmount(major ?? '', currency ?? NO_CURRENCY_READS_AS);
  if (parsed.ok) return null;
  if (parsed.error === 'TOO_MANY_DECIMALS') {
    if (parsed.exponent === 0) return `No decimals: ${currency} has no minor unit.`;
    return `Use at most ${parsed.exponent} decimals${currency ? ` for ${currency}` : ''}.`;
  }
  return parsed.error === 'OUT_OF_RANGE' ? 'The amount is too large.' : null;
}

/** The amountMin / amountMax of a request, each only when set and an amount of the currency. */
export function amountRangeToMinor(
  range: { min?: string; max?: string },
  currency: string | undefined,
): { amountMin?: number; amountMax?: number } {
  const amountMin = majorToMinorFilter(range.min, currency);
  const amountMax = majorToMinorFilter(range.max, currency);
  return { ...(amountMin !== undefined ? { amountMin } : {}), ...(amountMax !== undefined ? { amountMax } : {}) };
}
