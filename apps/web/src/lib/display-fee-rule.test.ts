import { describe, expect, it } from 'vitest';
import { UnknownCurrencyError } from '@mbo/contracts/money';
import type { FeeRuleView } from '@mbo/contracts/payin-services';
import { displayFeeRule, displayPercentBps } from './display-fee-rule';

const NBSP = '\u00a0';
const rule = (
  percentBps: number,
  fixedMinor: number,
  currency = 'USD',
  minimumMinor: number | null = null,
): FeeRuleView => ({
  percentBps,
  fixedMinor,
  minimumMinor,
  currency,
});

describe('displayPercentBps', () => {
  it('writes basis points as a percentage with two decimals, exactly', () => {
    expect(displayPercentBps(290)).toBe(`2.90${NBSP}%`);
    expect(displayPercentBps(350)).toBe(`3.50${NBSP}%`);
    expect(displayPercentBps(5)).toBe(`0.05${NBSP}%`);
    expect(displayPercentBps(1005)).toBe(`10.05${NBSP}%`);
    expect(displayPercentBps(10000)).toBe(`100.00${NBSP}%`);
    expect(displayPercentBps(0)).toBe(`0.00${NBSP}%`);
  });
});

describe('displayFeeRule', () => {
  it('writes the percentage plus the fixed part in the money rule: 290 bps + 30 cents', () => {
    expect(displayFeeRule(rule(290, 30))).toBe(`2.90${NBSP}% + 0.30${NBSP}USD`);
  });

  it('leaves out a part that is zero', () => {
    expect(displayFeeRule(rule(0, 30))).toBe(`0.30${NBSP}USD`);
    expect(displayFeeRule(rule(150, 0, 'EUR'))).toBe(`1.50${NBSP}%`);
  });

  it('adds the minimum when there is one', () => {
    expect(displayFeeRule(rule(350, 30, 'USD', 50))).toBe(`3.50${NBSP}% + 0.30${NBSP}USD, min 0.50${NBSP}USD`);
    expect(displayFeeRule(rule(290, 0, 'EUR', 100))).toBe(`2.90${NBSP}%, min 1.00${NBSP}EUR`);
    expect(displayFeeRule(rule(290, 30, 'USD', 0))).toBe(`2.90${NBSP}% + 0.30${NBSP}USD`);
  });

  it('writes each currency with its own decimals (JPY none, KWD three) and groups thousands', () => {
    expect(displayFeeRule(rule(360, 30, 'JPY', 100))).toBe(`3.60${NBSP}% + 30${NBSP}JPY, min 100${NBSP}JPY`);
    expect(displayFeeRule(rule(250, 1500, 'IDR'))).toBe(`2.50${NBSP}% + 1,500${NBSP}IDR`);
    expect(displayFeeRule(rule(200, 125, 'KWD', 1000))).toBe(`2.00${NBSP}% + 0.125${NBSP}KWD, min 1.000${NBSP}KWD`);
  });

  it('says when a rule charges nothing, and shows a minimum that is then the whole fee', () => {
    expect(displayFeeRule(rule(0, 0))).toBe('No fee');
    expect(displayFeeRule(rule(0, 0, 'SGD', 50))).toBe(`0.50${NBSP}SGD`);
  });

  it('refuses a currency the money module does not know, like every money display', () => {
    expect(() => displayFeeRule(rule(290, 30, 'XXX'))).toThrow(UnknownCurrencyError);
  });
});
