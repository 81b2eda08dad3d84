/**
 * The withdraw form's amount: what the merchant typed, checked against the currency's decimals, the
 * agreement's limits and the available balance, and priced by the agreement's fee with the one fee
 * rule (contracts/fee-rule.ts), so the fee and the amount received shown before submit are the
 * server's. The server checks and prices it again.
 */
import { computeFee } from '@mbo/contracts/fee-rule';
import { parseAmount } from '@mbo/contracts/money';
import type { WithdrawalAgreement } from '@mbo/contracts/withdrawals';
import { displayMoney } from '@/lib/display-money';

export interface WithdrawQuote {
  /** Minor units, when the text is a valid amount within the rules; else null with the reason. */
  amount: number | null;
  fee: number | null;
  received: number | null;
  error: string | null;
}

/** Digits and at most one point, while typing. */
export const TYPING_AMOUNT_RE = /^\d{0,15}(\.\d{0,6})?$/;

export function quoteWithdrawal(text: string, agreement: WithdrawalAgreement | undefined, available: number): WithdrawQuote {
  const none = (error: string | null): WithdrawQuote => ({ amount: null, fee: null, received: null, error });
  if (!agreement) return none(null);
  const { currency } = agreement;
  if (!text.trim()) return none('Enter an amount.');
  const parsed = parseAmount(text, currency, { min: 1 });
  if (!parsed.ok) {
    if (parsed.error === 'TOO_MANY_DECIMALS') return none(parsed.exponent === 0 ? `${currency} has no decimals.` : `At most ${parsed.exponent} decimals in ${currency}.`);
    return none('Enter an amount like 250.00.');
  }
  const amount = parsed.minor as number;
  const fee = computeFee({ amount, currency, rule: { percentBps: agreement.fee.percentBps, fixedMinor: agreement.fee.fixedMinor, minimumMinor: agreement.fee.minimumMinor ?? 0 } });
  const quote = { amount, fee, received: amount - fee };
  if (amount < agreement.minAmount) return { ...quote, error: `The minimum is ${displayMoney(agreement.minAmount, currency)}.` };
  if (agreement.maxAmount !== null && amount > agreement.maxAmount) return { ...quote, error: `The maximum is ${displayMoney(agreement.maxAmount, currency)}.` };
  if (amount - fee <= 0) return { ...quote, error: 'The amount must be more than its fee.' };
  if (amount > available) return { ...quote, error: `More than your available balance (${displayMoney(Math.max(available, 0), currency)}).` };
  return { ...quote, error: null };
}
