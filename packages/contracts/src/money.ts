/**
 * Amounts are integers in minor units with an ISO 4217 currency. The exponent decides display and
 * the "No decimals." rule (JPY, KRW, IDR and VND have none here, PRODUCT.md).
 */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = {
  USD: 2, EUR: 2, GBP: 2, SGD: 2, PHP: 2, AUD: 2, CAD: 2, CHF: 2, HKD: 2, MYR: 2, THB: 2,
  JPY: 0, KRW: 0, IDR: 0, VND: 0,
};
export const CURRENCIES = Object.keys(CURRENCY_EXPONENTS);

export function currencyExponent(currency: string): number {
  return CURRENCY_EXPONENTS[currency] ?? 2;
}

/** Minor units → a number in major units (display only; never for arithmetic). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/**
 * A decimal string or number in major units → integer minor units, or null when it has more
 * decimals than the currency allows (e.g. any decimal in JPY) or is not a positive amount.
 */
export function toMinor(major: string | number, currency: string): number | null {
  const text = typeof major === 'number' ? String(major) : major.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const exponent = currencyExponent(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return null;
  const minor = Number(match[1]) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** "€1,234.50" style text for an amount in minor units. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const exponent = currencyExponent(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent }).format(toMajor(minor, currency));
}

/** A card shown as BIN + last 4 at most (PCI DSS 3.4.1): "411111••••••1111". */
export function maskCard(bin: string | null, last4: string | null): string | null {
  if (!bin && !last4) return null;
  return `${bin ?? ''}••••••${last4 ?? ''}`;
}
