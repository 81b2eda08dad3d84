/**
 * The refund modal's amount: typed in major units, sent as a major-unit decimal string (the server
 * converts and answers "No decimals." for decimals in a zero-decimal currency, so decimals are allowed
 * here on purpose), checked against what may still be refunded.
 */
import { currencyExponent, formatMoney, toMinor } from '@mbo/contracts/money';

/** Minor units → the major-unit decimal string the API takes (1250 EUR → "12.50", 5000 JPY → "5000"). */
export function minorToMajorString(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const text = String(minor).padStart(exponent + 1, '0');
  return `${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
}

/** What the input accepts while typing: digits with at most one point and 6 decimals. */
export const TYPING_AMOUNT_RE = /^\d{0,15}(\.\d{0,6})?$/;

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
export function checkRefundAmount(mode: RefundMode, typed: string, refundable: number, currency: string): RefundAmountCheck {
  if (mode === 'FULL') return { amount: minorToMajorString(refundable, currency), minor: refundable, error: null };
  const text = typed.trim();
  if (!text) return { amount: null, minor: null, error: 'Enter an amount.' };
  if (!/^\d{1,15}(\.\d{1,6})?$/.test(text)) return { amount: null, minor: null, error: 'Enter an amount like 12.50.' };
  const minor = toMinor(text, currency);
  if (minor === null) return { amount: text, minor: null, error: null };
  if (minor <= 0) return { amount: null, minor, error: 'The amount must be more than zero.' };
  if (minor > refundable) {
    return { amount: null, minor, error: `At most ${formatMoney(refundable, currency)} can be refunded.` };
  }
  return { amount: text, minor, error: null };
}

/** The amount as shown in the confirmation ("€12.50"), or the typed text with the currency. */
export function describeRefundAmount(check: RefundAmountCheck, currency: string): string {
  if (check.minor !== null) return formatMoney(check.minor, currency);
  return `${check.amount ?? ''} ${currency}`;
}
