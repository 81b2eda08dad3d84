import { describe, expect, it } from 'vitest';
import { amountFilterProblem, amountRangeToMinor, majorToMinorFilter } from './amount-filter';

describe('amount filters', () => {
  it('reads major units in the currency exponent, refusing more decimals than it has instead of rounding them', () => {
    expect(majorToMinorFilter('12.5', 'EUR')).toBe(1250);
    expect(majorToMinorFilter('1.15', 'USD')).toBe(115);
    expect(majorToMinorFilter('500', 'JPY')).toBe(500);
    expect(majorToMinorFilter('12.34', undefined)).toBe(1234); // 2 decimals without a currency
    expect(majorToMinorFilter('0', 'EUR')).toBe(0);
    expect(amountRangeToMinor({ min: '10', max: '99.99' }, 'EUR')).toEqual({ amountMin: 1000, amountMax: 9999 });
    expect(majorToMinorFilter('12.345', 'EUR')).toBeUndefined();
    expect(majorToMinorFilter('12.345', undefined)).toBeUndefined();
    expect(majorToMinorFilter('1.5', 'JPY')).toBeUndefined();
    expect(majorToMinorFilter('12.50', 'JPY')).toBeUndefined();
    expect(amountRangeToMinor({ min: '1.999', max: '2.001' }, 'USD')).toEqual({});
    expect(amountFilterProblem('12.345', 'EUR')).toBe('Use at most 2 decimals for EUR.');
    expect(amountFilterProblem('1.5', 'JPY')).toBe('No decimals. JPY has no minor unit.');
    expect(amountFilterProblem('12.345', undefined)).toBe('Use at most 2 decimals.');
  });

  it('leaves out what is not an amount and says nothing about unfinished text', () => {
    for (const text of [undefined, '', 'abc', '-1', '1e3', '12.'])
      expect(majorToMinorFilter(text, 'EUR')).toBeUndefined();
    expect(majorToMinorFilter('99999999999999999999', 'EUR')).toBeUndefined();
    expect(amountFilterProblem('99999999999999999999', 'EUR')).toBe('The amount is too large.');
    for (const text of [undefined, '', '12.', '12.5']) expect(amountFilterProblem(text, 'EUR')).toBeNull();
  });
});
