import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMoney, maskCard, toMajor, toMinor } from './money';

describe('money', () => {
  it('knows the zero-decimal currencies of PRODUCT.md', () => {
    for (const c of ['JPY', 'KRW', 'IDR', 'VND']) expect(currencyExponent(c)).toBe(0);
    expect(currencyExponent('EUR')).toBe(2);
  });

  it('turns major-unit text into integer minor units without floating-point error', () => {
    expect(toMinor('12.50', 'EUR')).toBe(1250);
    expect(toMinor('0.29', 'EUR')).toBe(29);
    expect(toMinor('1234', 'JPY')).toBe(1234);
    expect(toMinor('12.5', 'JPY')).toBeNull();
    expect(toMinor('12.345', 'EUR')).toBeNull();
    expect(toMinor('12.30', 'JPY')).toBeNull();
    expect(toMinor('-1', 'EUR')).toBeNull();
    expect(toMinor('1e3', 'EUR')).toBeNull();
    expect(toMinor('12.00', 'JPY')).toBe(12);
  });

  it('formats minor units with the currency decimals', () => {
    expect(formatMoney(123450, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(toMajor(1999, 'USD')).toBe(19.99);
  });

  it('shows a card as BIN and last 4 at most', () => {
    expect(maskCard('424242', '4242')).toBe('424242••••••4242');
    expect(maskCard(null, null)).toBeNull();
  });
});
