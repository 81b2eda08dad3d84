/**
 * The withdraw form's amount: what the merchant typed, checked against the currency's decimals, the
 * agreement's limits and the available balance, and priced by the agreement's fee with the one fee
 * rule (contracts/fee-rule.ts), so the fee and the amount received shown before submit are the
 * server's. The server checks and prices it again. The text is read by the one typed-amount reader
 * (lib/typed-amount.ts); what is sent is its canonical text.
 */
import type { TFunction } from 'i18next';
import { computeFee } from '@mbo/contracts/fee-rule';
import type { WithdrawalAgreement } from '@mbo/contracts/withdrawals';
import { displayMoney } from '@/lib/display-money';
import { amountText, readTypedAmount } from '@/lib/typed-amount';

export interface WithdrawQuote {
  /** Minor units, when the text is a valid amount within the rules; else null with the reason. */
  amount: number | null;
  /** The canonical major-unit text of `amount` (what is sent), or null. */
  text: string | null;
  fee: number | null;
  received: number | null;
  error: string | null;
}

/** "Withdraw all": the whole available balance as the amount input's text, exactly (never a float's toFixed). */
export function withdrawAllText(available: number, currency: string): string {
  return amountText(Math.max(available, 0), currency);
}

export function quoteWithdrawal(
  text: string,
  agreement: WithdrawalAgreement | undefined,
  available: number,
  t: TFunction,
): WithdrawQuote {
  const none = (error: string | null): WithdrawQuote => ({
    amount: null,
    text: null,
    fee: null,
    received: null,
    error,
  });
  if (!agreement) return none(null);
  const { currency } = agreement;
  const read = readTypedAmount(text, currency, { min: 1 });
  if (!read.ok) return none(read.message);
  const amount = read.minor;
  const fee = computeFee({
    amount,
    currency,
    rule: {
      percentBps: agreement.fee.percentBps,
      fixedMinor: agreement.fee.fixedMinor,
      minimumMinor: agreement.fee.minimumMinor ?? 0,
    },
  });
  const quote = { amount, text: read.text, fee, received: amount - fee };
  if (amount < agreement.minAmount)
    return { ...quote, error: t('amount.minimum', { amount: displayMoney(agreement.minAmount, currency) }) };
  if (agreement.maxAmount !== null && amount > agreement.maxAmount)
    return { ...quote, error: t('amount.maximum', { amount: displayMoney(agreement.maxAmount, currency) }) };
  if (amount - fee <= 0) return { ...quote, error: t('amount.moreThanFee') };
  if (amount > available)
    return {
      ...quote,
      error: t('amount.moreThanAvailable', { amount: displayMoney(Math.max(available, 0), currency) }),
    };
  return { ...quote, error: null };
}
