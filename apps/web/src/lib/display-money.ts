import { currencyExponent, formatAmount } from '@mbo/contracts/money';
import { intlLocale, numberFormat } from './formats';

const grouping = (locale: string, decimals: number) =>
  numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/**
 * THE display rule for money on screen: the amount with every decimal of its currency, grouped, then
 * the ISO 4217 code after a no-break space: "1,234.50 USD", "1,500 JPY", "0.001 KWD", "-12.34 EUR".
 * Never a symbol (a "$" would not say which dollar), so one amount reads complete on its own and no
 * code needs repeating beside it. Exact for any amount (formatAmount's decimal text, not a float).
 * Grouped the way of the language in force (formats.ts); the decimals are the currency's in every
 * language.
 */
export function displayMoney(minor: number, currency: string, locale = intlLocale()): string {
  return `${displayFigure(minor, currency, locale)}\u00a0${currency}`;
}

/**
 * displayMoney's figure without the code ("10,000.00"): for texts that name the currency once, after
 * the last figure ("0.50 – 10,000.00 USD").
 */
export function displayFigure(minor: number, currency: string, locale = intlLocale()): string {
  const exact = formatAmount(minor, currency) as Intl.StringNumericLiteral;
  return grouping(locale, currencyExponent(currency)).format(exact);
}
