/**
 * Amount-range filters: typed and kept in the URL in major units ("12.50"), sent to the API in minor
 * units. The currency filter decides the exponent; without one the amounts are read with 2 decimals
 * (as EUR, USD and most others). Read by the one typed-amount reader (typed-amount.ts).
 */
import { currencyExponent } from '@mbo/contracts/money';
import { readTypedAmount } from './typed-amount';
import { i18n } from '@/i18n/i18n';

/** The currency whose exponent reads an amount filter when no currency is chosen (2 decimals). */
const NO_CURRENCY_READS_AS = 'EUR';

const readFilter = (major: string | undefined, currency: string | undefined) =>
  readTypedAmount(major ?? '', currency ?? NO_CURRENCY_READS_AS, { min: 0 });

/**
 * "12.5" in EUR → 1250. Undefined for anything that is not an amount of the currency: text that is
 * not a number, and more decimals than it has ("12.345" EUR, "1.5" JPY) are refused, not rounded.
 */
export function majorToMinorFilter(major: string | undefined, currency: string | undefined): number | undefined {
  if (!major) return undefined;
  const read = readFilter(major, currency);
  return read.ok ? read.minor : undefined;
}

/**
 * Why a typed amount cannot filter in the currency, or null: too many decimals or too large. Empty and
 * unfinished text ("12.") is null; the input does not apply it either.
 */
export function amountFilterProblem(major: string | undefined, currency: string | undefined): string | null {
  const read = readFilter(major, currency);
  if (read.ok || read.error === 'EMPTY' || read.error === 'NOT_A_NUMBER') return null;
  if (read.error === 'TOO_MANY_DECIMALS' && !currency)
    return i18n.t('amount.maxDecimalsAny', { ns: 'kit', count: currencyExponent(NO_CURRENCY_READS_AS) });
  return read.message;
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
