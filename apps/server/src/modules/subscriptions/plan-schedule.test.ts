import { describe, expect, it } from 'vitest';
import { cycleDueAt } from './plan-schedule';

describe('plan schedule', () => {
  it('charges a plan started on 31 January on the last day of February, then on 31 March (in the merchant zone)', () => {
    const plan = {
      startAt: new Date('2026-01-31T09:00:00Z'),
      timeZone: 'Europe/Amsterdam',
      interval: 'MONTH' as const,
      intervalCount: 1,
    };
    expect(cycleDueAt(plan, 1).toISOString()).toBe('2026-01-31T09:00:00.000Z');
    expect(cycleDueAt(plan, 2).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    // Summer time in Amsterdam: the same local time, an hour earlier in UTC.
    expect(cycleDueAt(plan, 3).toISOString()).toBe('2026-03-31T08:00:00.000Z');
    expect(cycleDueAt(plan, 4).toISOString()).toBe('2026-04-30T08:00:00.000Z');
    expect(cycleDueAt({ ...plan, startAt: new Date('2028-01-31T09:00:00Z') }, 2).toISOString()).toBe(
      '2028-02-29T09:00:00.000Z',
    );
  });

  it('counts the day of the month where the merchant is, not in UTC', () => {
    // 1 February 00:30 in Amsterdam is still 31 January in UTC: the plan is a 1st-of-the-month plan.
    const plan = {
      startAt: new Date('2026-01-31T23:30:00Z'),
      timeZone: 'Europe/Amsterdam',
      interval: 'MONTH' as const,
      intervalCount: 1,
    };
    expect(cycleDueAt(plan, 2).toISOString()).toBe('2026-02-28T23:30:00.000Z');
  });

  it('counts days, weeks, several months and years from the start', () => {
    const start = new Date('2026-03-10T12:00:00Z');
    expect(cycleDueAt({ startAt: start, timeZone: 'UTC', interval: 'DAY', intervalCount: 10 }, 3).toISOString()).toBe(
      '2026-03-30T12:00:00.000Z',
    );
    expect(cycleDueAt({ startAt: start, timeZone: 'UTC', interval: 'WEEK', intervalCount: 2 }, 2).toISOString()).toBe(
      '2026-03-24T12:00:00.000Z',
    );
    expect(cycleDueAt({ startAt: start, timeZone: 'UTC', interval: 'MONTH', intervalCount: 3 }, 5).toISOString()).toBe(
      '2027-03-10T12:00:00.000Z',
    );
    expect(
      cycleDueAt(
        { startAt: new Date('2028-02-29T12:00:00Z'), timeZone: 'UTC', interval: 'YEAR', intervalCount: 1 },
        2,
      ).toISOString(),
    ).toBe('2029-02-28T12:00:00.000Z');
    expect(() => cycleDueAt({ startAt: start, timeZone: 'UTC', interval: 'DAY', intervalCount: 1 }, 0)).toThrow();
  });
});
