import type { TFunction } from 'i18next';
import { PAYMENT_LINK_MAX_AMOUNT_MINOR } from '@mbo/contracts/payment-links';
import { amountExample, readTypedAmount, type TypedAmount } from '@/lib/typed-amount';

/**
 * A link's amount as typed in major units, read by the one typed-amount reader (lib/typed-amount.ts)
 * with the server's rules (money.ts parseAmount, more than 0 up to PAYMENT_LINK_MAX_AMOUNT_MINOR).
 * What is sent is its canonical text.
 */
export function readLinkAmount(t: TFunction, text: string, currency: string): TypedAmount {
  return readTypedAmount(text, currency, {
    min: 1,
    max: PAYMENT_LINK_MAX_AMOUNT_MINOR,
    maxMessage: t('plan.tooLarge', { ns: 'payment-links' }),
  });
}

/** Why an amount typed in major units is not acceptable for the currency, or null when it is. */
export function linkAmountProblem(t: TFunction, text: string, currency: string): string | null {
  const read = readLinkAmount(t, text, currency);
  return read.ok ? null : read.message;
}

/** The placeholder for the currency: "25.00", or "2500" without decimals. */
export function amountPlaceholder(currency: string): string {
  return amountExample(currency);
}
