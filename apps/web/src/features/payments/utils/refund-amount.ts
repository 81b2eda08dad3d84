/**
 * The refund modal's amount: typed in major units and read by the one typed-amount reader
 * (lib/typed-amount.ts), sent as its canonical major-unit text, checked against what may still be
 * refunded. Decimals a zero-decimal currency lacks are let through on purpose: the server answers
 * "No decimals." (003001B039), so the user sees the catalogue's message.
 */
import type { TFunction } from 'i18next';
import { formatAmount } from '@mbo/contracts/money';
import { displayMoney } from '@/lib/display-money';
import { readTypedAmount, ungroupedText } from '@/lib/typed-amount';

/** Minor units → the major-unit decimal string the API takes (1250 EUR → "12.50", 5000 JPY → "5000"). */
export function minorToMajorString(minor: number, currency: string): string {
  return formatAmount(minor, currency);
}

export type RefundMode = 'FULL' | 'PARTIAL';

export interface RefundAmountCheck {
  /** The string to send, or null when the input is not an amount. */
  amount: string | null;
  /** Minor units when the currency allows the decimals typed; null for "too many decimals". */
  minor: number | null;
  /** A message to show under the input, or null. */
  error: string | null;
}

/**
 * Checks the amount of a refund. Too many decimals is NOT an error here: the server decides (and
 * answers "No decimals." for JPY and the like), so the user sees the catalogue's message.
 */
export function checkRefundAmount(
  mode: RefundMode,
  typed: string,
  refundable: number,
  currency: string,
  /** The `payments` namespace's refundModal words (its maxMessage). */
  t: TFunction,
): RefundAmountCheck {
  if (mode === 'FULL') return { amount: minorToMajorString(refundable, currency), minor: refundable, error: null };
  const read = readTypedAmount(typed, currency, {
    min: 1,
    max: refundable,
    maxMessage: t('maxMessage', { amount: displayMoney(refundable, currency) }),
  });
  if (read.ok) return { amount: read.text, minor: read.minor, error: null };
  if (read.error === 'TOO_MANY_DECIMALS') return { amount: ungroupedText(typed), minor: null, error: null };
  return { amount: null, minor: null, error: read.message };
}

/** The amount as shown in the confirmation ("12.50 EUR"), or the typed text with the currency. */
export function describeRefundAmount(check: RefundAmountCheck, currency: string): string {
  if (check.minor !== null) return displayMoney(check.minor, currency);
  return `${check.amount ?? ''}\u00a0${currency}`;
}
