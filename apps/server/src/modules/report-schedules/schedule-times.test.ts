import { describe, expect, it } from 'vitest';
import { latestRunAtOrBefore, nextRunAfter, periodOf, type ScheduleRule } from './schedule-times';

const AMS = 'Europe/Amsterdam';
const daily = (time: string, timeZone = AMS): ScheduleRule => ({
  frequency: 'DAILY',
  dayOfWeek: null,
  dayOfMonth: null,
  time,
  timeZone,
});
const iso = (d: Date) => d.toISOString();

/** Each run in a row after `from`. */
function runs(rule: ScheduleRule, from: string, n: number): string[] {
  const out: string[] = [];
  let at = new Date(from);
  for (let i = 0; i < n; i++) {
    at = nextRunAfter(rule, at);
    out.push(iso(at));
  }
  return out;
}

describe('schedule times', () => {
  it('keeps a daily run at its local time across both DST changes of Europe/Amsterdam', () => {
    // 2026-03-29 and 2026-10-25 are the last Sundays of March and October.
    expect(runs(daily('08:00'), '2026-03-27T12:00:00Z', 3)).toEqual([
      '2026-03-28T07:00:00.000Z', // 08:00 CET (+01:00)
      '2026-03-29T06:00:00.000Z', // 08:00 CEST (+02:00): 23 hours later
      '2026-03-30T06:00:00.000Z',
    ]);
    expect(runs(daily('08:00'), '2026-10-24T00:00:00Z', 2)).toEqual([
      '2026-10-24T06:00:00.000Z', // 08:00 CEST
      '2026-10-25T07:00:00.000Z', // 08:00 CET: 25 hours later
    ]);
  });

  it('runs a time the spring change skips at the jump, and a time the autumn change repeats once, at its first', () => {
    expect(runs(daily('02:30'), '2026-03-28T00:00:00Z', 3)).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:00:00.000Z', // 02:30 does not exist: 03:00 CEST, the moment of the jump
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
    ]);
    expect(runs(daily('02:30'), '2026-10-24T12:00:00Z', 2)).toEqual([
      '2026-10-25T00:30:00.000Z', // the first 02:30 (CEST); the second one (01:30Z) is no run
      '2026-10-26T01:30:00.000Z', // 02:30 CET
    ]);
  });

  it('runs weekly on its weekday and monthly on its day, clamped to the end of a shorter month', () => {
    const monday: ScheduleRule = { frequency: 'WEEKLY', dayOfWeek: 1, dayOfMonth: null, time: '07:30', timeZone: AMS };
    expect(runs(monday, '2026-03-25T00:00:00Z', 2)).toEqual(['2026-03-30T05:30:00.000Z', '2026-04-06T05:30:00.000Z']);
    const last: ScheduleRule = {
      frequency: 'MONTHLY',
      dayOfWeek: null,
      dayOfMonth: 31,
      time: '06:00',
      timeZone: 'UTC',
    };
    expect(runs(last, '2026-01-01T00:00:00Z', 4)).toEqual([
      '2026-01-31T06:00:00.000Z',
      '2026-02-28T06:00:00.000Z',
      '2026-03-31T06:00:00.000Z',
      '2026-04-30T06:00:00.000Z',
    ]);
    const leap: ScheduleRule = { ...last, dayOfMonth: 29 };
    expect(runs(leap, '2028-02-01T00:00:00Z', 1)).toEqual(['2028-02-29T06:00:00.000Z']);
  });

  it('after downtime, picks the latest run due, once', () => {
    const rule = daily('08:00');
    // Down from the 10th to the 14th at 12:00: the 14th's run is the one to make.
    expect(iso(latestRunAtOrBefore(rule, new Date('2026-05-14T10:00:00Z')))).toBe('2026-05-14T06:00:00.000Z');
    // Before today's run: yesterday's.
    expect(iso(latestRunAtOrBefore(rule, new Date('2026-05-14T05:59:59Z')))).toBe('2026-05-13T06:00:00.000Z');
    // Exactly at the run: that run.
    expect(iso(latestRunAtOrBefore(rule, new Date('2026-05-14T06:00:00Z')))).toBe('2026-05-14T06:00:00.000Z');
  });

  it('covers the day, the 7 days or the calendar month before the run, from local midnight to local midnight', () => {
    const day = periodOf(daily('08:00'), new Date('2026-03-29T06:00:00Z'));
    expect({ from: iso(day.from), to: iso(day.to), fromDay: day.fromDay, toDay: day.toDay }).toEqual({
      from: '2026-03-27T23:00:00.000Z', // 2026-03-28 00:00 CET
      to: '2026-03-28T23:00:00.000Z', // 2026-03-29 00:00 CET (the jump is at 02:00)
      fromDay: '2026-03-28',
      toDay: '2026-03-28',
    });
    const week = periodOf({ ...daily('08:00'), frequency: 'WEEKLY', dayOfWeek: 1 }, new Date('2026-03-30T06:00:00Z'));
    expect([week.fromDay, week.toDay]).toEqual(['2026-03-23', '2026-03-29']);
    const month = periodOf(
      { frequency: 'MONTHLY', dayOfWeek: null, dayOfMonth: 1, time: '06:00', timeZone: AMS },
      new Date('2026-03-01T05:00:00Z'),
    );
    expect({ from: iso(month.from), to: iso(month.to), fromDay: month.fromDay, toDay: month.toDay }).toEqual({
      from: '2026-01-31T23:00:00.000Z',
      to: '2026-02-28T23:00:00.000Z',
      fromDay: '2026-02-01',
      toDay: '2026-02-28',
    });
  });
});
