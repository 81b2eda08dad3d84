import { describe, expect, it } from 'vitest';
import type { WithdrawalAgreement } from '@mbo/contracts/withdrawals';
import { quoteWithdrawal, withdrawAllText } from './withdraw-amount';
import { i18n } from '@/i18n/i18n';

const t = i18n.getFixedT('en', 'withdrawals');

const NBSP = '\u00a0';
const EUR: WithdrawalAgreement = {
  currency: 'EUR',
  fee: { percentBps: 0, fixedMinor: 150, minimumMinor: null, currency: 'EUR' },
  minAmount: 1_000,
  maxAmount: 50_000_000,
};
const SGD: WithdrawalAgreement = {
  currency: 'SGD',
  fee: { percentBps: 10, fixedMinor: 50, minimumMinor: null, currency: 'SGD' },
  minAmount: 2_000,
  maxAmount: null,
};

describe('quoteWithdrawal', () => {
  it('prices the amount with the agreement’s fee: what leaves the balance and what the account receives', () => {
    expect(quoteWithdrawal('250', EUR, 100_000, t)).toEqual({
      amount: 25_000,
      text: '250.00',
      fee: 150,
      received: 24_850,
      error: null,
    });
    // 0.10 % of 1,234.56 = 1.23 (half-even) + 0.50.
    expect(quoteWithdrawal('1234.56', SGD, 1_000_000, t)).toEqual({
      amount: 123_456,
      text: '1234.56',
      fee: 173,
      received: 123_283,
      error: null,
    });
  });

  it('says what is wrong: decimals, minimum, maximum, balance', () => {
    expect(quoteWithdrawal('', EUR, 100, t).error).toBe('Enter an amount.');
    expect(quoteWithdrawal('1.005', EUR, 100_000, t).error).toBe('Use at most 2 decimals for EUR.');
    expect(quoteWithdrawal('5', EUR, 100_000, t).error).toBe(`The minimum is 10.00${NBSP}EUR.`);
    expect(quoteWithdrawal('600000', EUR, 100_000_000, t).error).toBe(`The maximum is 500,000.00${NBSP}EUR.`);
    expect(quoteWithdrawal('2000', EUR, 100_000, t).error).toBe(
      `More than your available balance (1,000.00${NBSP}EUR).`,
    );
    expect(quoteWithdrawal('20', EUR, -500, t).error).toBe(`More than your available balance (0.00${NBSP}EUR).`);
  });

  it('asks for nothing before a currency with an agreement is chosen', () => {
    expect(quoteWithdrawal('10', undefined, 0, t)).toEqual({
      amount: null,
      text: null,
      fee: null,
      received: null,
      error: null,
    });
  });

  it('reads the typed amount exactly: grouped thousands, the currency’s decimals, no exponent', () => {
    expect(quoteWithdrawal('1,234.50', EUR, 1_000_000, t)).toMatchObject({
      amount: 123_450,
      text: '1234.50',
      error: null,
    });
    expect(quoteWithdrawal('19.99', EUR, 100_000, t)).toMatchObject({ amount: 1_999, text: '19.99' });
    expect(quoteWithdrawal('1,234', EUR, 1_000_000, t).error).toBe(
      'Use a point for decimals, like 25.00; commas only group thousands before a point (1,250.00).',
    );
    expect(quoteWithdrawal('1e21', EUR, 100_000, t).error).toBe('Enter an amount like 25.00.');
  });

  it('fills "Withdraw all" with the exact available balance, not a float rounded by toFixed', () => {
    // (9007199254740990 / 100).toFixed(2) is "90071992547409.91": a cent more than the balance.
    expect(withdrawAllText(9_007_199_254_740_990, 'EUR')).toBe('90071992547409.90');
    expect(withdrawAllText(100_000, 'EUR')).toBe('1000.00');
    expect(withdrawAllText(5_000, 'JPY')).toBe('5000');
    expect(withdrawAllText(1, 'KWD')).toBe('0.001');
    expect(withdrawAllText(-5, 'EUR')).toBe('0.00');
  });
});
