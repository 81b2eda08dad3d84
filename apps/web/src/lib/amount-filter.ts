/**
 * Amount-range filters: typed and kept in the URL in major units ("12.50"), sent to the API in minor
 * units. The currency filter decides the exponent; without one the amounts are read with 2 decimals.
 */
import { currencyExponent } from '@mbo/contracts/money';

/** "12.5" in EUR → 1250; extra decimals are rounded; null for anything that is not an amount. */
export function majorToMinorFilter(major: string | undefined, currency: string | undefined): number | undefined {
  if (!major || !/^\d+(\.\d+)?$/.test(major.trim())) return undefined;
  const exponent = currency ? currencyExponent(currency) : 2;
  const [whole, fraction = ''] = major.trim().split('.');
  const digits = `${fraction}${'0'.repeat(exponent + 1)}`;
  let minor = Number(whole) * 10 ** exponent + Number(digits.slice(0, exponent) || '0');
  if (Number(digits[exponent]) >= 5) minor += 1;
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** The amountMin / amountMax of a request, each only when set. */
export function amountRangeToMinor(
  range: { min?: string; max?: string },
  currency: string | undefined,
): { amountMin?: number; amountMax?: number } {
  const amountMin = majorToMinorFilter(range.min, currency);
  const amountMax = majorToMinorFilter(range.max, currency);
  return { ...(amountMin !== undefined ? { amountMin } : {}), ...(amountMax !== undefined ? { amountMax } : {}) };
}
