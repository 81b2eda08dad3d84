import { describe, expect, it } from 'vitest';
import { compactMoney, niceAxis } from './chart-scale';

describe('compactMoney', () => {
  it('abbreviates in major units of the currency', () => {
    expect(compactMoney(1_234_567, 'USD')).toBe('12.3K\u00a0USD');
    expect(compactMoney(1_500_000, 'JPY')).toBe('1.5M\u00a0JPY');
    expect(compactMoney(0, 'EUR')).toBe('0\u00a0EUR');
  });
});

describe('niceAxis', () => {
  it('puts gridlines on round steps and the top at the first step above the largest value', () => {
    expect(niceAxis(480_000, 'EUR')).toEqual({ max: 600_000, step: 200_000 }); // €4,800 → €2K steps up to €6K
    expect(niceAxis(1_234_567, 'USD')).toEqual({ max: 1_500_000, step: 500_000 }); // $12,345.67 → $5K steps
    expect(niceAxis(430_000, 'JPY')).toEqual({ max: 600_000, step: 200_000 });
    expect(niceAxis(1_000_000, 'USD')).toEqual({ max: 1_000_000, step: 250_000 });
    expect(niceAxis(0, 'USD')).toEqual({ max: 400, step: 100 });
  });
});
