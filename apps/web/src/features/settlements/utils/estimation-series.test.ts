import { describe, expect, it } from 'vitest';
import type { EstimationDay } from '@mbo/contracts/settlements';
import { daysFromTo, estimationCurrencies, estimationSlots, expectedTotal } from './estimation-series';

const day = (d: string, currency: string, net: number): EstimationDay => ({
  day: d,
  currency,
  net,
  batchCount: 1,
  paymentCount: 2,
  gross: net + 100,
  refunds: 0,
  fees: 100,
  disputes: 0,
  includesOpen: false,
});

describe('estimation series', () => {
  const days = [day('2026-11-23', 'USD', 5_000), day('2026-11-23', 'EUR', 700), day('2026-11-25', 'USD', 2_500)];

  it('lists the currencies once each, alphabetical', () => {
    expect(estimationCurrencies(days)).toEqual(['EUR', 'USD']);
    expect(estimationCurrencies([])).toEqual([]);
  });

  it('gives every day of the range a slot, empty ones too, weekends marked', () => {
    const slots = estimationSlots({ from: '2026-11-23', to: '2026-11-29', days }, 'USD');
    expect(slots.map((s) => [s.day, s.entry?.net ?? null, s.weekend])).toEqual([
      ['2026-11-23', 5_000, false],
      ['2026-11-24', null, false],
      ['2026-11-25', 2_500, false],
      ['2026-11-26', null, false],
      ['2026-11-27', null, false],
      ['2026-11-28', null, true],
      ['2026-11-29', null, true],
    ]);
  });

  it('crosses months and stops at the limit', () => {
    expect(daysFromTo('2026-11-30', '2026-12-02')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(daysFromTo('2026-11-30', '2027-12-02', 3)).toHaveLength(3);
    expect(daysFromTo('2026-12-02', '2026-11-30')).toEqual([]);
  });

  it('sums the expected net of one currency', () => {
    expect(expectedTotal(days, 'USD')).toBe(7_500);
    expect(expectedTotal(days, 'GBP')).toBe(0);
  });
});
