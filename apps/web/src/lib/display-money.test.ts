import { describe, expect, it } from 'vitest';
import { UnknownCurrencyError } from '@mbo/contracts/money';
import { displayFigure, displayMoney } from './display-money';

const NBSP = '\u00a0';

describe('displayMoney', () => {
  it('writes the amount with every decimal of its currency, then the ISO code, for every currency alike', () => {
    expect(displayMoney(123450, 'USD')).toBe(`1,234.50${NBSP}USD`);
    expect(displayMoney(123450, 'EUR')).toBe(`1,234.50${NBSP}EUR`);
    expect(displayMoney(5, 'GBP')).toBe(`0.05${NBSP}GBP`);
    expect(displayMoney(1500, 'JPY')).toBe(`1,500${NBSP}JPY`);
    expect(displayMoney(2500000, 'IDR')).toBe(`2,500,000${NBSP}IDR`);
    expect(displayMoney(1, 'KWD')).toBe(`0.001${NBSP}KWD`);
    expect(displayMoney(0, 'MYR')).toBe(`0.00${NBSP}MYR`);
  });

  it('keeps the sign and the last digit of amounts beyond a float', () => {
    expect(displayMoney(-1234, 'EUR')).toBe(`-12.34${NBSP}EUR`);
    expect(displayMoney(9007199254740991, 'USD')).toBe(`90,071,992,547,409.91${NBSP}USD`);
  });

  it('groups in the locale asked for', () => {
    expect(displayMoney(123450, 'EUR', 'de-DE')).toBe(`1.234,50${NBSP}EUR`);
  });

  it('gives the same figure without the code, for texts that name the currency once', () => {
    expect(displayFigure(1000000, 'USD')).toBe('10,000.00');
    expect(displayFigure(1500, 'JPY')).toBe('1,500');
    expect(displayFigure(1250, 'KWD')).toBe('1.250');
  });

  it('refuses a currency it does not know', () => {
    expect(() => displayMoney(100, 'XXX')).toThrow(UnknownCurrencyError);
  });
});
