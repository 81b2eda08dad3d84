import { formatAmount, minorPerMajor, parseAmount } from '@mbo/contracts/money';
import { PAYMENT_LINK_MAX_AMOUNT_MINOR } from '@mbo/contracts/payment-links';

/**
 * Why an amount typed in major units is not acceptable for the currency, or null when it is. The same
 * rules as the server (money.ts parseAmount, up to PAYMENT_LINK_MAX_AMOUNT_MINOR): "No decimals." for
 * zero-decimal currencies, at most the currency's decimals.
 */
export function linkAmountProblem(text: string, currency: string): string | null {
  const parsed = parseAmount(text, currency, { min: 1, max: PAYMENT_LINK_MAX_AMOUNT_MINOR });
  if (parsed.ok) return null;
  switch (parsed.error) {
    case 'EMPTY':
      return 'Enter an amount.';
    case 'NOT_A_NUMBER':
      return 'Enter a positive number, like 25.00.';
    case 'TOO_MANY_DECIMALS':
      return parsed.exponent === 0 ? `No decimals. ${currency} has no minor unit.` : `Use at most ${parsed.exponent} decimals for ${currency}.`;
    case 'OUT_OF_RANGE':
      return parsed.bound === 'MIN' ? 'The amount must be greater than 0.' : 'The amount is too large.';
  }
}

/** The placeholder for the currency: "25.00", or "2500" without decimals. */
export function amountPlaceholder(currency: string): string {
  const perMajor = minorPerMajor(currency);
  return formatAmount(perMajor === 1 ? 2500 : 25 * perMajor, currency);
}
