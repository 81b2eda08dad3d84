import { describe, expect, it } from 'vitest';
import { UnknownCurrencyError } from '@mbo/contracts/money';
import { amountExample, amountText, readTypedAmount, TYPING_AMOUNT_RE, ungroupedText } from './typed-amount';

const NBSP = '\u00a0';
const minor = (typed: string, currency: string) => {
  const read = readTypedAmount(typed, currency, { min: 0 });
  return read.ok ? read.minor : read.message;
};

describe('readTypedAmount: every typed amount of the web app, exactly', () => {
  it('reads exact minor units where floats go wrong (0.29, 4.35, 19.99, 1.005 KWD, 2^53 − 1)', () => {
    expect(minor('0.29', 'EUR')).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(minor('4.35', 'EUR')).toBe(435); // 4.35 * 100 = 434.99999999999994
    expect(minor('19.99', 'USD')).toBe(1_999);
    expect(minor('1.005', 'KWD')).toBe(1_005);
    expect(minor('90071992547409.90', 'EUR')).toBe(9_007_199_254_740_990);
    expect(minor('90071992547409.91', 'EUR')).toBe(9_007_199_254_740_991);
    expect(minor(' 12 ', 'JPY')).toBe(12);
    expect(minor('12.00', 'JPY')).toBe(12);
  });

  it('reads grouped thousands before a decimal point, and says how to write the rest', () => {
    expect(minor('1,234.50', 'EUR')).toBe(123_450);
    expect(minor('1,234,567.00', 'JPY')).toBe(1_234_567);
    const hint = 'Use a point for decimals, like 25.00; commas only group thousands before a point (1,250.00).';
    expect(minor('1,234', 'EUR')).toBe(hint);
    expect(minor('1,5', 'EUR')).toBe(hint);
    expect(minor('12,34.50', 'EUR')).toBe(hint);
  });

  it('refuses more decimals than the currency has, never rounding them', () => {
    expect(minor('1.005', 'EUR')).toBe('Use at most 2 decimals for EUR.');
    expect(minor('12.5', 'JPY')).toBe('No decimals. JPY has no minor unit.');
    expect(minor('1,000.5', 'KRW')).toBe('No decimals. KRW has no minor unit.');
    expect(minor('1.2345', 'KWD')).toBe('Use at most 3 decimals for KWD.');
  });

  it('refuses exponents, signs, non-numbers and amounts beyond what is counted exactly', () => {
    expect(minor('1e21', 'EUR')).toBe('Enter an amount like 25.00.');
    expect(minor('-5', 'EUR')).toBe('Enter an amount like 25.00.');
    expect(minor('abc', 'JPY')).toBe('Enter an amount like 2500.');
    expect(minor('', 'EUR')).toBe('Enter an amount.');
    expect(minor('1000000000000000000000', 'EUR')).toBe('The amount is too large.');
    expect(minor('90071992547409.92', 'EUR')).toBe('The amount is too large.');
    expect(() => readTypedAmount('1', 'XXX')).toThrow(UnknownCurrencyError);
  });

  it('applies the rules: more than zero by default, a minimum and a maximum with their messages', () => {
    expect(readTypedAmount('0', 'EUR')).toEqual({
      ok: false,
      error: 'OUT_OF_RANGE',
      message: 'The amount must be more than zero.',
    });
    expect(readTypedAmount('5', 'EUR', { min: 1_000 })).toMatchObject({
      ok: false,
      message: `The minimum is 10.00${NBSP}EUR.`,
    });
    expect(readTypedAmount('50', 'EUR', { max: 4_000 })).toMatchObject({
      ok: false,
      message: `The maximum is 40.00${NBSP}EUR.`,
    });
    expect(readTypedAmount('50', 'EUR', { max: 4_000, maxMessage: 'Too much.' })).toMatchObject({
      ok: false,
      message: 'Too much.',
    });
  });

  it('gives the canonical text to send: what the server reads back to the same minor units', () => {
    expect(readTypedAmount('12.5', 'EUR')).toEqual({ ok: true, minor: 1_250, text: '12.50' });
    expect(readTypedAmount('1,234.5', 'USD')).toEqual({ ok: true, minor: 123_450, text: '1234.50' });
    expect(readTypedAmount('2500.00', 'JPY')).toEqual({ ok: true, minor: 2_500, text: '2500' });
  });
});

describe('the other way and the input', () => {
  it('writes minor units as input text exactly (never toFixed)', () => {
    expect(amountText(9_007_199_254_740_990, 'EUR')).toBe('90071992547409.90');
    expect(amountText(100, 'EUR')).toBe('1.00');
    expect(amountText(1_500, 'JPY')).toBe('1500');
    expect(amountExample('EUR')).toBe('25.00');
    expect(amountExample('KWD')).toBe('25.000');
    expect(amountExample('VND')).toBe('2500');
  });

  it('lets digits, grouping commas and one point with up to 6 decimals be typed', () => {
    for (const ok of ['', '1', '1,234', '1,234.5', '12.', '.5', '0.000001'])
      expect(TYPING_AMOUNT_RE.test(ok), ok).toBe(true);
    for (const bad of ['-1', '1e3', '1.2.3', 'abc', '1.1234567', '1 000'])
      expect(TYPING_AMOUNT_RE.test(bad), bad).toBe(false);
    expect(ungroupedText(' 1,000.5 ')).toBe('1000.5');
    expect(ungroupedText('1,5')).toBe('1,5');
  });
});
