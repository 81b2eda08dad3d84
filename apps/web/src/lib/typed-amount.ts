/**
 * THE reader of an amount a person types in the web app (approval thresholds, withdrawals, payment
 * links, refunds, amount filters): major-unit text → exact integer minor units through contracts'
 * money.ts `parseAmount`, never through a float (`Math.round(v * 10 ** exp)` turns 90071992547409.90
 * into …991, `toFixed` rounds 1.005 to "1.00"), with one set of messages. Its inverse, for a field
 * filled from minor units ("Withdraw all", a saved threshold), is `amountText` (money.ts
 * `formatAmount`, exact).
 *
 * - Plain decimals ("1234.50", " 12.5 ") and grouped ones as a spreadsheet writes them ("1,234.50":
 *   commas between groups of three, then a decimal point) are read; "1,234" is refused (with a decimal
 *   comma it would be 1.234), as are signs, exponents ("1e21") and anything else that is not a plain
 *   decimal.
 * - More decimals than the currency has are refused, never rounded ("1.005" EUR, "1.5" JPY); trailing
 *   zeros are fine ("12.00" JPY is 12).
 * - What is sent to the API is `text`: the canonical major-unit text of the minor units read (what
 *   the server's parseAmount reads back to the same minor units), not what was typed.
 */
import {
  formatAmount,
  MAX_AMOUNT_MINOR,
  minorPerMajor,
  parseAmount,
  type ParseAmountError,
} from '@mbo/contracts/money';
import { displayMoney } from './display-money';
import { i18n } from '@/i18n/i18n';

/** The words of an amount problem in the language in force (common:amount.*). */
const w = (key: string, values: Record<string, unknown> = {}) => i18n.t(`amount.${key}`, { ns: 'kit', ...values });

/** What an amount input accepts while typing: digits with grouping commas, at most one point and 6 decimals. */
export const TYPING_AMOUNT_RE = /^[\d,]{0,24}(\.\d{0,6})?$/;

export interface TypedAmountRules {
  /** Smallest amount in minor units (default 1: more than zero). */
  min?: number;
  /** Largest amount in minor units (default MAX_AMOUNT_MINOR). */
  max?: number;
  /** Own messages for an amount below min or above max (e.g. "At most 40.00 EUR can be refunded."). */
  minMessage?: string;
  maxMessage?: string;
}

export type TypedAmount =
  { ok: true; minor: number; text: string } | { ok: false; error: ParseAmountError; message: string };

/** An example amount of the currency for messages and placeholders: "25.00", or "2500" without decimals. */
export function amountExample(currency: string): string {
  const perMajor = minorPerMajor(currency);
  return formatAmount(perMajor === 1 ? 2500 : 25 * perMajor, currency);
}

/** Minor units → the text of an amount input (exact): 9007199254740990 EUR → "90071992547409.90", 1500 JPY → "1500". */
export function amountText(minor: number, currency: string): string {
  return formatAmount(minor, currency);
}

/**
 * Reads a typed amount of `currency` within the rules: its exact minor units and canonical text, or what is wrong with
 * it.
 */
export function readTypedAmount(typed: string, currency: string, rules: TypedAmountRules = {}): TypedAmount {
  const min = rules.min ?? 1;
  const max = rules.max ?? MAX_AMOUNT_MINOR;
  const parsed = parseAmount(typed, currency, { min, max, grouped: true });
  if (parsed.ok) return { ok: true, minor: parsed.minor, text: formatAmount(parsed.minor, currency) };
  const fail = (message: string): TypedAmount => ({ ok: false, error: parsed.error, message });
  switch (parsed.error) {
    case 'EMPTY':
      return fail(w('enter'));
    case 'NOT_A_NUMBER':
      return fail(
        typed.includes(',')
          ? w('usePoint', { example: amountExample(currency) })
          : w('like', { example: amountExample(currency) }),
      );
    case 'TOO_MANY_DECIMALS':
      return fail(
        parsed.exponent === 0 ? w('noDecimals', { currency }) : w('maxDecimals', { count: parsed.exponent, currency }),
      );
    case 'OUT_OF_RANGE':
      if (parsed.bound === 'MIN')
        return fail(
          rules.minMessage ?? (min <= 1 ? w('positive') : w('minimum', { amount: displayMoney(min, currency) })),
        );
      return fail(
        rules.maxMessage ??
          (max >= MAX_AMOUNT_MINOR ? w('tooLarge') : w('maximum', { amount: displayMoney(max, currency) })),
      );
  }
}

/**
 * The typed text without its grouping commas ("1,234.5" → "1234.5"), for a server that gives its own message about it.
 */
export function ungroupedText(typed: string): string {
  const trimmed = typed.trim();
  return /^\d{1,3}(?:,\d{3})+\.\d+$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
}
