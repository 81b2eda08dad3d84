import { currencyExponent, toMinor } from '@mbo/contracts/money';

/** The largest amount a link may ask for, in minor units (the server's cap). */
export const MAX_LINK_AMOUNT = 1_000_000_000_000;

/**
 * Why an amount typed in major units is not acceptable for the currency, or null when it is.
 * Mirrors the server: "No decimals." for zero-decimal currencies, at most the currency's decimals.
 */
export function linkAmountProblem(text: string, currency: string): string | null {
  const value = text.trim();
  if (!value) return 'Enter an amount.';
  if (!/^\d+(\.\d+)?$/.test(value)) return 'Enter a positive number, like 25.00.';
  const exponent = currencyExponent(currency);
  const fraction = (value.split('.')[1] ?? '').replace(/0+$/, '');
  if (exponent === 0 && fraction) return `No decimals. ${currency} has no minor unit.`;
  if (fraction.length > exponent) return `Use at most ${exponent} decimals for ${currency}.`;
  const minor = toMinor(value, currency);
  if (minor === null || minor > MAX_LINK_AMOUNT) return 'The amount is too large.';
  if (minor <= 0) return 'The amount must be greater than 0.';
  return null;
}

/** The placeholder for the currency: "25.00", or "2500" without decimals. */
export function amountPlaceholder(currency: string): string {
  const exponent = currencyExponent(currency);
  return exponent === 0 ? '2500' : `25.${'0'.repeat(exponent)}`;
}
