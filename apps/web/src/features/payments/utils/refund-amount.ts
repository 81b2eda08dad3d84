/**
 * The refund modal's amount: typed in major units, sent as a major-unit decimal string (the server
 * converts and answers "No decimals." for decimals in a zero-decimal currency, so decimals are allowed
 * here on purpose), checked against what may still be refunded.
 */
import { formatAmount, parseAmount } from '@mbo/contracts/money';
import { displayMoney } from '@/lib/display-money';

/** Minor units → the major-unit decimal string the API takes (1250 EUR → "12.50", 5000 JPY → "5000"). */
export function minorToMajorString(minor: number, currency: string): string {
  return formatAmount(minor, currency);
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
  const parsed = parseAmount(text, currency, { min: 1, max: refundable });
  if (parsed.ok) return { amount: text, minor: parsed.minor, error: null };
  switch (parsed.error) {
    case 'TOO_MANY_DECIMALS':
      return { amount: text, minor: null, error: null };
    case 'OUT_OF_RANGE':
      if (parsed.bound === 'MIN') return { amount: null, minor: null, error: 'The amount must be more than zero.' };
      return { amount: null, minor: null, error: `At most ${displayMoney(refundable, currency)} can be refunded.` };
    default:
      return { amount: null, minor: null, error: 'Enter an amount like 12.50.' };
  }
}

/** The amount as shown in the confirmation ("12.50 EUR"), or the typed text with the currency. */
export function describeRefundAmount(check: RefundAmountCheck, currency: string): string {
  if (check.minor !== null) return displayMoney(check.minor, currency);
  return `${check.amount ?? ''}\u00a0${currency}`;
}
