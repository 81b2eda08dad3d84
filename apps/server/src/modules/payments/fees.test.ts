import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorPerMajor, scaleHalfEven, UnknownCurrencyError } from '@mbo/contracts/money';
import { propertyRuns } from '../../test/deep';
import { computeFee, type FeeRule } from './fees';

const SANDBOX_EUR: FeeRule = { percentBps: 290, fixedMinor: 30 };

describe('computeFee', () => {
  it('is the percentage plus the fixed part', () => {
    expect(computeFee({ amount: 2500, currency: 'EUR', rule: SANDBOX_EUR })).toBe(72 + 30); // 2.9 % of €25.00 = 72.5 cents → 72
    expect(computeFee({ amount: 10_000, currency: 'EUR', rule: SANDBOX_EUR })).toBe(290 + 30);
  });

  it('rounds the percentage half-even on the minor unit', () => {
    const pct: FeeRule = { percentBps: 290, fixedMinor: 0 };
    expect(computeFee({ amount: 500, currency: 'USD', rule: pct })).toBe(14); // 14.5 → 14
    expect(computeFee({ amount: 1500, currency: 'USD', rule: pct })).toBe(44); // 43.5 → 44
    expect(computeFee({ amount: 1499, currency: 'USD', rule: pct })).toBe(43); // 43.471
    expect(computeFee({ amount: 1, currency: 'USD', rule: { percentBps: 5000, fixedMinor: 0 } })).toBe(0); // 0.5 → 0
    expect(computeFee({ amount: 3, currency: 'USD', rule: { percentBps: 5000, fixedMinor: 0 } })).toBe(2); // 1.5 → 2
  });

  it('rounds on the minor unit of each exponent (0, 2 and 3 decimals)', () => {
    // The same rule in yen (no minor unit), cents and fils: the percentage rounds to 1 yen, 1 cent, 1 fils.
    const pct: FeeRule = { percentBps: 290, fixedMinor: 0 };
    expect(computeFee({ amount: 1250, currency: 'JPY', rule: pct })).toBe(36); // ¥36.25 → ¥36
    expect(computeFee({ amount: 1250, currency: 'EUR', rule: pct })).toBe(36); // €0.3625 → €0.36
    expect(computeFee({ amount: 1250, currency: 'KWD', rule: pct })).toBe(36); // KWD 0.03625 → KWD 0.036
    // A fixed 0.30 in major units, in each minor unit (money.ts): 0 yen (0.3 → 0), 30 cents, 300 fils.
    const card = (currency: string): FeeRule => ({
      percentBps: 290,
      fixedMinor: scaleHalfEven(30, minorPerMajor(currency), 100),
    });
    expect([card('JPY'), card('EUR'), card('KWD')].map((r) => r.fixedMinor)).toEqual([0, 30, 300]);
    expect(computeFee({ amount: 100_000, currency: 'JPY', rule: card('JPY') })).toBe(2900);
    expect(computeFee({ amount: 100_000, currency: 'EUR', rule: card('EUR') })).toBe(2930);
    expect(computeFee({ amount: 100_000, currency: 'KWD', rule: card('KWD') })).toBe(3200);
  });

  it('raises the fee to the minimum', () => {
    const rule: FeeRule = { percentBps: 100, fixedMinor: 0, minimumMinor: 50 };
    expect(computeFee({ amount: 1000, currency: 'EUR', rule })).toBe(50); // 1 % = 10 → 50
    expect(computeFee({ amount: 10_000, currency: 'EUR', rule })).toBe(100); // 1 % = 100 ≥ 50
  });

  it('caps the fee at the amount, minimum and fixed part included', () => {
    expect(computeFee({ amount: 1, currency: 'CHF', rule: SANDBOX_EUR })).toBe(1); // 0.01 CHF: 30 → 1
    expect(computeFee({ amount: 29, currency: 'CHF', rule: SANDBOX_EUR })).toBe(29);
    expect(computeFee({ amount: 31, currency: 'CHF', rule: SANDBOX_EUR })).toBe(31); // 0.899 → 1, + 30 = 31
    expect(computeFee({ amount: 40, currency: 'EUR', rule: { percentBps: 0, fixedMinor: 0, minimumMinor: 50 } })).toBe(
      40,
    );
    expect(computeFee({ amount: 7, currency: 'EUR', rule: { percentBps: 10_000, fixedMinor: 5 } })).toBe(7);
    expect(computeFee({ amount: 0, currency: 'EUR', rule: SANDBOX_EUR })).toBe(0);
  });

  it('refuses what is not money or not a rule', () => {
    expect(() => computeFee({ amount: 100, currency: 'XXX', rule: SANDBOX_EUR })).toThrow(UnknownCurrencyError);
    expect(() => computeFee({ amount: 1.5, currency: 'EUR', rule: SANDBOX_EUR })).toThrow(RangeError);
    expect(() => computeFee({ amount: -1, currency: 'EUR', rule: SANDBOX_EUR })).toThrow(RangeError);
    expect(() => computeFee({ amount: 100, currency: 'EUR', rule: { percentBps: 10_001, fixedMinor: 0 } })).toThrow(
      RangeError,
    );
    expect(() => computeFee({ amount: 100, currency: 'EUR', rule: { percentBps: 290, fixedMinor: -1 } })).toThrow(
      RangeError,
    );
    expect(() => computeFee({ amount: 100, currency: 'EUR', rule: { percentBps: 2.5, fixedMinor: 0 } })).toThrow(
      RangeError,
    );
  });

  it('never exceeds the amount and never goes below zero, for any amount and rule (property)', () => {
    const rule = fc.record({
      percentBps: fc.integer({ min: 0, max: 10_000 }),
      fixedMinor: fc.nat(100_000),
      minimumMinor: fc.option(fc.nat(100_000), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.constantFrom('EUR', 'JPY', 'KWD'), rule, (amount, currency, r) => {
        const fee = computeFee({ amount, currency, rule: r });
        expect(Number.isSafeInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(amount);
        if (fee < amount) expect(fee).toBeGreaterThanOrEqual(Math.max(r.fixedMinor, r.minimumMinor ?? 0));
      }),
      propertyRuns(100, 10_000),
    );
  });
});
