import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_EXPONENTS,
  MAX_AMOUNT_MINOR,
  UnknownCurrencyError,
  currencyExponent,
  formatAmount,
  formatMoney,
  isSupportedCurrency,
  maskCard,
  minorPerMajor,
  parseAmount,
  scaleHalfEven,
} from './money';

const ALL_CURRENCIES = Object.keys(CURRENCY_EXPONENTS);
const byExponent = (e: number) => ALL_CURRENCIES.filter((c) => CURRENCY_EXPONENTS[c] === e);
const minorOf = (text: string, currency: string) => {
  const result = parseAmount(text, currency);
  return result.ok ? result.minor : result.error;
};

describe('currencies and exponents', () => {
  it('knows the zero-decimal currencies of PRODUCT.md and the ISO 4217 three- and zero-decimal ones', () => {
    for (const c of ['JPY', 'KRW', 'IDR', 'VND', 'CLP', 'ISK', 'XOF']) expect(currencyExponent(c)).toBe(0);
    for (const c of ['EUR', 'USD', 'CHF', 'GBP']) expect(currencyExponent(c)).toBe(2);
    for (const c of ['BHD', 'KWD', 'JOD', 'OMR', 'TND', 'IQD', 'LYD']) expect(currencyExponent(c)).toBe(3);
    expect(currencyExponent('CLF')).toBe(4);
    expect(minorPerMajor('EUR')).toBe(100);
    expect(minorPerMajor('KWD')).toBe(1000);
    expect(minorPerMajor('JPY')).toBe(1);
  });

  it('throws on an unknown currency instead of guessing 2 decimals', () => {
    for (const c of ['XXX', 'eur', '', 'EURO', 'toString', '__proto__', 'XAU']) {
      expect(() => currencyExponent(c)).toThrow(UnknownCurrencyError);
      expect(() => parseAmount('1', c)).toThrow(UnknownCurrencyError);
      expect(() => formatAmount(1, c)).toThrow(UnknownCurrencyError);
      expect(() => formatMoney(1, c)).toThrow(UnknownCurrencyError);
    }
  });

  it("supports a list of the product's currencies, each in the exponent table", () => {
    expect(CURRENCIES).toContain('EUR');
    expect(CURRENCIES).not.toContain('KWD');
    for (const c of CURRENCIES) expect(CURRENCY_EXPONENTS[c]).toBeTypeOf('number');
    expect(isSupportedCurrency('CHF')).toBe(true);
    expect(isSupportedCurrency('KWD')).toBe(false);
    expect(isSupportedCurrency(undefined)).toBe(false);
  });
});

describe('parseAmount', () => {
  it('turns major-unit text into integer minor units without floating-point error', () => {
    expect(minorOf('12.50', 'EUR')).toBe(1250);
    expect(minorOf('0.29', 'EUR')).toBe(29);
    expect(minorOf('1.15', 'USD')).toBe(115); // 1.15 * 100 = 114.99999999999999 in floating point
    expect(minorOf(' 25 ', 'USD')).toBe(2500);
    expect(minorOf('1234', 'JPY')).toBe(1234);
    expect(minorOf('12.00', 'JPY')).toBe(12);
    expect(minorOf('1.234', 'KWD')).toBe(1234);
    expect(minorOf('0.001', 'BHD')).toBe(1);
    expect(minorOf('007.50', 'EUR')).toBe(750);
  });

  it('answers a typed error for each kind of bad input', () => {
    expect(minorOf('', 'EUR')).toBe('EMPTY');
    expect(minorOf('   ', 'EUR')).toBe('EMPTY');
    for (const text of ['abc', '1e3', '1,5', '12.', '.5', '+1', '-1', '1 000', '0x10', 'Infinity', 'NaN'])
      expect(minorOf(text, 'EUR')).toBe('NOT_A_NUMBER');
    expect(minorOf('12.345', 'EUR')).toBe('TOO_MANY_DECIMALS');
    expect(minorOf('12.5', 'JPY')).toBe('TOO_MANY_DECIMALS');
    expect(minorOf('12.30', 'JPY')).toBe('TOO_MANY_DECIMALS');
    expect(minorOf('1.2345', 'KWD')).toBe('TOO_MANY_DECIMALS');
    expect(minorOf('90071992547409.92', 'USD')).toBe('OUT_OF_RANGE');
    expect(minorOf('99999999999999999999999', 'JPY')).toBe('OUT_OF_RANGE');
    expect(parseAmount('90071992547409.91', 'USD')).toEqual({ ok: true, minor: MAX_AMOUNT_MINOR });
  });

  it('reads thousands separators only when asked and only where they cannot be a decimal comma', () => {
    expect(minorOf('1,234.50', 'EUR')).toBe('NOT_A_NUMBER');
    const grouped = (text: string, currency: string) => {
      const result = parseAmount(text, currency, { grouped: true });
      return result.ok ? result.minor : result.error;
    };
    expect(grouped('1,234.50', 'EUR')).toBe(123_450);
    expect(grouped('12,345,678.00', 'USD')).toBe(1_234_567_800);
    expect(grouped('1,500.00', 'JPY')).toBe(1500);
    expect(grouped('1,234.567', 'EUR')).toBe('TOO_MANY_DECIMALS');
    for (const text of ['1,234', '1,5', '1.234,50', '12,34.50', '1,2345.00', ',123.00', '1,234,.00', '-1,234.50'])
      expect(grouped(text, 'EUR'), text).toBe('NOT_A_NUMBER');
    expect(parseAmount('-1,234.50', 'EUR', { grouped: true, signed: true, min: -MAX_AMOUNT_MINOR })).toEqual({
      ok: true,
      minor: -123_450,
    });
  });

  it("applies the caller's range and says which bound was crossed", () => {
    expect(parseAmount('0', 'EUR', { min: 1 })).toEqual({
      ok: false,
      error: 'OUT_OF_RANGE',
      exponent: 2,
      bound: 'MIN',
    });
    expect(parseAmount('10.01', 'EUR', { max: 1000 })).toEqual({
      ok: false,
      error: 'OUT_OF_RANGE',
      exponent: 2,
      bound: 'MAX',
    });
    expect(parseAmount('10.00', 'EUR', { max: 1000 })).toEqual({ ok: true, minor: 1000 });
    expect(parseAmount('-1.5', 'EUR', { signed: true, min: -1000 })).toEqual({ ok: true, minor: -150 });
    expect(parseAmount('-11', 'EUR', { signed: true, min: -1000 })).toMatchObject({
      error: 'OUT_OF_RANGE',
      bound: 'MIN',
    });
    expect(parseAmount('-0', 'EUR', { signed: true })).toEqual({ ok: true, minor: 0 });
  });

  it('refuses more decimals than the currency has, for 0-, 2- and 3-decimal currencies (property)', () => {
    const currency = fc.constantFrom(...byExponent(0), ...byExponent(2), ...byExponent(3));
    fc.assert(
      fc.property(
        currency,
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 9 }),
        (c, whole, extra, lastDigit) => {
          const exponent = currencyExponent(c);
          // exponent + extra decimals whose last one is not zero: never exactly representable.
          const fraction = `${'0'.repeat(exponent + extra - 1)}${lastDigit}`;
          const result = parseAmount(`${whole}.${fraction}`, c);
          expect(result).toEqual({ ok: false, error: 'TOO_MANY_DECIMALS', exponent });
        },
      ),
    );
  });
});

describe('formatAmount and formatMoney', () => {
  it('writes minor units as exact major-unit text per the currency exponent', () => {
    expect(formatAmount(1050, 'USD')).toBe('10.50');
    expect(formatAmount(5, 'EUR')).toBe('0.05');
    expect(formatAmount(0, 'USD')).toBe('0.00');
    expect(formatAmount(-1234, 'GBP')).toBe('-12.34');
    expect(formatAmount(1050, 'JPY')).toBe('1050');
    expect(formatAmount(1, 'KWD')).toBe('0.001');
    expect(formatAmount(9007199254740991, 'USD')).toBe('90071992547409.91');
    expect(() => formatAmount(1.5, 'USD')).toThrow(RangeError);
  });

  it('formats for display with the currency decimals, exactly even for huge amounts', () => {
    expect(formatMoney(123450, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(1250, 'KWD')).toBe('KWD\u00a01.250');
    expect(formatMoney(-5, 'USD')).toBe('-$0.05');
    expect(formatMoney(9007199254740991, 'USD')).toBe('$90,071,992,547,409.91');
    expect(formatMoney(123450, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it('parse ∘ format is the identity for every currency (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL_CURRENCIES), fc.maxSafeNat(), (c, minor) => {
        expect(parseAmount(formatAmount(minor, c), c)).toEqual({ ok: true, minor });
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...ALL_CURRENCIES), fc.maxSafeInteger(), (c, minor) => {
        expect(parseAmount(formatAmount(minor, c), c, { signed: true, min: -MAX_AMOUNT_MINOR })).toEqual({
          ok: true,
          minor: minor === 0 ? 0 : minor,
        });
      }),
    );
  });

  it('the display form reads back to the same amount once grouping and symbol are dropped (property)', () => {
    // en-US: "," groups, "." separates decimals, "-" leads; a symbol may hold letters, "$" or "." ("Cg."), never a
    // digit.
    const numeric = (display: string) =>
      `${display.startsWith('-') ? '-' : ''}${/\d[\d,]*(?:\.\d+)?/.exec(display)?.[0].replace(/,/g, '') ?? ''}`;
    fc.assert(
      fc.property(fc.constantFrom(...ALL_CURRENCIES), fc.maxSafeInteger(), (c, minor) => {
        expect(parseAmount(numeric(formatMoney(minor, c)), c, { signed: true, min: -MAX_AMOUNT_MINOR })).toEqual({
          ok: true,
          minor: minor === 0 ? 0 : minor,
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('scaleHalfEven', () => {
  it('rounds to a whole minor unit, ties to even, exactly', () => {
    expect(scaleHalfEven(500, 290, 10_000)).toBe(14); // 14.5 → 14
    expect(scaleHalfEven(1500, 290, 10_000)).toBe(44); // 43.5 → 44
    expect(scaleHalfEven(1499, 290, 10_000)).toBe(43); // 43.471
    expect(scaleHalfEven(1, 290, 10_000)).toBe(0); // 0.029
    expect(scaleHalfEven(-500, 290, 10_000)).toBe(-14);
    expect(scaleHalfEven(-1500, 290, 10_000)).toBe(-44);
    expect(scaleHalfEven(5, 1, 2)).toBe(2); // 2.5
    expect(scaleHalfEven(7, 1, 2)).toBe(4); // 3.5
    expect(scaleHalfEven(Number.MAX_SAFE_INTEGER, 1, 1)).toBe(Number.MAX_SAFE_INTEGER);
    expect(scaleHalfEven(Number.MAX_SAFE_INTEGER, 290, 10_000)).toBe(261208778387489); // no overflow in between
    expect(() => scaleHalfEven(1, 1, 0)).toThrow(RangeError);
    expect(() => scaleHalfEven(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError); // the result is no safe integer
  });

  it('is never more than half a minor unit off, and exact ties go to the even neighbour (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (minor, num, den) => {
          const rounded = scaleHalfEven(minor, num, den);
          const diff2 = 2n * (BigInt(rounded) * BigInt(den) - BigInt(minor) * BigInt(num)); // 2 × error × den
          expect(diff2 <= BigInt(den) && diff2 >= -BigInt(den)).toBe(true);
          if (diff2 === BigInt(den) || diff2 === -BigInt(den)) expect(Math.abs(rounded) % 2).toBe(0);
        },
      ),
    );
  });
});

describe('cards', () => {
  it('shows a card as BIN and last 4 at most', () => {
    expect(maskCard('424242', '4242')).toBe('424242••••••4242');
    expect(maskCard(null, null)).toBeNull();
  });
});
