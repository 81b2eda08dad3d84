import { describe, expect, it } from 'vitest';
import type { WithdrawalAgreement } from '@mbo/contracts/withdrawals';
import { quoteWithdrawal } from './withdraw-amount';

const NBSP = '\u00a0';
const EUR: WithdrawalAgreement = { currency: 'EUR', fee: { percentBps: 0, fixedMinor: 150, minimumMinor: null, currency: 'EUR' }, minAmount: 1_000, maxAmount: 50_000_000 };
const SGD: WithdrawalAgreement = { currency: 'SGD', fee: { percentBps: 10, fixedMinor: 50, minimumMinor: null, currency: 'SGD' }, minAmount: 2_000, maxAmount: null };

describe('quoteWithdrawal', () => {
  it('prices the amount with the agreement’s fee: what leaves the balance and what the account receives', () => {
    expect(quoteWithdrawal('250', EUR, 100_000)).toEqual({ amount: 25_000, fee: 150, received: 24_850, error: null });
    // 0.10 % of 1,234.56 = 1.23 (half-even) + 0.50.
    expect(quoteWithdrawal('1234.56', SGD, 1_000_000)).toEqual({ amount: 123_456, fee: 173, received: 123_283, error: null });
  });

  it('says what is wrong: decimals, minimum, maximum, balance', () => {
    expect(quoteWithdrawal('', EUR, 100).error).toBe('Enter an amount.');
    expect(quoteWithdrawal('1.005', EUR, 100_000).error).toBe('At most 2 decimals in EUR.');
    expect(quoteWithdrawal('5', EUR, 100_000).error).toBe(`The minimum is 10.00${NBSP}EUR.`);
    expect(quoteWithdrawal('600000', EUR, 100_000_000).error).toBe(`The maximum is 500,000.00${NBSP}EUR.`);
    expect(quoteWithdrawal('2000', EUR, 100_000).error).toBe(`More than your available balance (1,000.00${NBSP}EUR).`);
    expect(quoteWithdrawal('20', EUR, -500).error).toBe(`More than your available balance (0.00${NBSP}EUR).`);
  });

  it('asks for nothing before a currency with an agreement is chosen', () => {
    expect(quoteWithdrawal('10', undefined, 0)).toEqual({ amount: null, fee: null, received: null, error: null });
  });
});
