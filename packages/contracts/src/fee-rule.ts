/**
 * Fees, the only place a fee is computed: a pay-in capture's, a withdrawal's, a payout's. Shared by
 * the server and the browser (which shows the fee before submit; the server computes it again).
 */
import { asMinor, currencyExponent, scaleHalfEven, type Minor } from './money';

/**
 * How a fee is priced: a percentage of the amount plus a fixed part, at least a minimum. All parts in
 * the payment's currency; the pay-in service that takes the payment chooses the rule
 * (modules/payin-services/resolve-fee-rule.ts).
 */
export interface FeeRule {
  /** Percentage of the amount in basis points (290 = 2.9 %), 0 to 10,000. */
  percentBps: number;
  /** Fixed part in minor units of the payment's currency. */
  fixedMinor: number;
  /** The fee is never below this (minor units), unless the amount itself is smaller. */
  minimumMinor?: number;
}

const BPS = 10_000;

/**
 * The fee of a payment, the only place a fee is computed: percentage (rounded half-even to the
 * minor unit, money.ts `scaleHalfEven`) + fixed part, raised to the minimum, and capped at the amount,
 * so the merchant's net is never negative (a 0.01 CHF payment pays a fee of 0.01, not 0.30; the
 * database refuses fee > amount as well).
 */
export function computeFee({ amount, currency, rule }: { amount: number; currency: string; rule: FeeRule }): Minor {
  currencyExponent(currency); // an unknown currency is an error, not a 2-decimal guess
  if (asMinor(amount) < 0) throw new RangeError(`A payment amount is not negative: ${amount}`);
  const { percentBps, fixedMinor, minimumMinor = 0 } = rule;
  if (!Number.isInteger(percentBps) || percentBps < 0 || percentBps > BPS)
    throw new RangeError(`percentBps must be 0 to ${BPS}: ${percentBps}`);
  if (asMinor(fixedMinor) < 0 || asMinor(minimumMinor) < 0) throw new RangeError('Fee parts are not negative');
  const priced = Math.max(scaleHalfEven(amount, percentBps, BPS) + fixedMinor, minimumMinor);
  return asMinor(Math.min(priced, amount));
}
