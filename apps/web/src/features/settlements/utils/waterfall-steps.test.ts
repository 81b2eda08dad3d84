import { describe, expect, it } from 'vitest';
import { waterfallSteps } from './waterfall-steps';

describe('waterfallSteps', () => {
  it('steps down from the gross by each deduction and ends at the net', () => {
    const steps = waterfallSteps({
      gross: 100_000,
      refunds: 12_000,
      fees: 3_100,
      disputes: 2_500,
      reserve: 0,
      net: 82_400,
    });
    expect(steps.map((s) => [s.key, s.amount, s.from, s.to])).toEqual([
      ['gross', 100_000, 0, 100_000],
      ['refunds', 12_000, 100_000, 88_000],
      ['fees', 3_100, 88_000, 84_900],
      ['disputes', 2_500, 84_900, 82_400],
      ['reserve', 0, 82_400, 82_400],
      ['net', 82_400, 0, 82_400],
    ]);
    const deductions = steps.filter((s) => s.kind === 'deduction').reduce((sum, s) => sum + s.amount, 0);
    expect(100_000 - deductions).toBe(82_400);
  });

  it('lets a deduction that gives back step up, and a net below zero reach under the axis', () => {
    const steps = waterfallSteps({
      gross: 5_000,
      refunds: 8_000,
      fees: 200,
      disputes: -1_000,
      reserve: 0,
      net: -2_200,
    });
    expect(steps.find((s) => s.key === 'disputes')).toMatchObject({ from: -3_200, to: -2_200 });
    expect(steps.at(-1)).toMatchObject({ key: 'net', from: 0, to: -2_200 });
  });

  it('names a difference the parts do not explain, so the steps still reach the net', () => {
    const steps = waterfallSteps({ gross: 10_000, refunds: 0, fees: 300, disputes: 0, reserve: 0, net: 9_600 });
    expect(steps.map((s) => s.key)).toEqual(['gross', 'refunds', 'fees', 'disputes', 'reserve', 'other', 'net']);
    expect(steps.find((s) => s.key === 'other')).toMatchObject({ amount: 100, from: 9_700, to: 9_600 });
  });
});
