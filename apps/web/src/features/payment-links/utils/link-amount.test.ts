import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { UnknownCurrencyError } from '@mbo/contracts/money';
import { amountPlaceholder, linkAmountProblem } from './link-amount';

const t = i18n.getFixedT('en');

describe('link amount', () => {
  it('accepts amounts with the currency decimals', () => {
    expect(linkAmountProblem(t, '25', 'EUR')).toBeNull();
    expect(linkAmountProblem(t, '25.5', 'EUR')).toBeNull();
    expect(linkAmountProblem(t, ' 25.00 ', 'USD')).toBeNull();
    expect(linkAmountProblem(t, '2500', 'JPY')).toBeNull();
    expect(linkAmountProblem(t, '2500.00', 'JPY')).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(linkAmountProblem(t, '', 'EUR')).toBe('Enter an amount.');
    expect(linkAmountProblem(t, '-1', 'EUR')).toBe('Enter an amount like 25.00.');
    expect(linkAmountProblem(t, '1,5', 'EUR')).toBe(
      'Use a point for decimals, like 25.00; commas only group thousands before a point (1,250.00).',
    );
    expect(linkAmountProblem(t, '0.00', 'EUR')).toBe('The amount must be more than zero.');
    expect(linkAmountProblem(t, '1.005', 'EUR')).toBe('Use at most 2 decimals for EUR.');
    expect(linkAmountProblem(t, '10.5', 'JPY')).toBe('No decimals. JPY has no minor unit.');
    expect(linkAmountProblem(t, '99999999999', 'EUR')).toBe('The amount is too large.');
  });

  it('suggests a placeholder per currency', () => {
    expect(amountPlaceholder('EUR')).toBe('25.00');
    expect(amountPlaceholder('KRW')).toBe('2500');
    expect(amountPlaceholder('KWD')).toBe('25.000');
  });

  it('follows the money module: the shared cap, 3-decimal currencies, and no guess for an unknown currency', () => {
    expect(linkAmountProblem(t, '10000000000', 'EUR')).toBeNull(); // exactly PAYMENT_LINK_MAX_AMOUNT_MINOR
    expect(linkAmountProblem(t, '10000000000.01', 'EUR')).toBe('The amount is too large.');
    expect(linkAmountProblem(t, '1.234', 'KWD')).toBeNull();
    expect(linkAmountProblem(t, '1.2345', 'KWD')).toBe('Use at most 3 decimals for KWD.');
    expect(() => linkAmountProblem(t, '25', 'XXX')).toThrow(UnknownCurrencyError);
  });
});
