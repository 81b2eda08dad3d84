import { describe, expect, it } from 'vitest';
import { displayDay, displayDayWithWeekday, displayMonth, displayShortDay, weekdayOf } from './display-day';

describe('displayDay', () => {
  it('writes a day as "2026-11-23", the day as written whatever the zone', () => {
    expect(displayDay('2026-11-23')).toBe('2026-11-23');
    expect(displayDay('2026-01-01')).toBe('2026-01-01');
    expect(displayDay('2026-12-31')).toBe('2026-12-31');
  });

  it('leaves what is not a day as it is', () => {
    expect(displayDay('')).toBe('');
    expect(displayDay('2026-13-01')).toBe('2026-13-01');
    expect(displayDay('2026-11-23T10:00:00Z')).toBe('2026-11-23T10:00:00Z');
  });

  it('has a short form, a form with the weekday and a month heading', () => {
    expect(displayShortDay('2026-05-04')).toBe('May 4');
    expect(displayDayWithWeekday('2026-11-23')).toBe('Mon 2026-11-23');
    expect(displayDayWithWeekday('2026-11-29')).toBe('Sun 2026-11-29');
    expect(displayMonth('2026-02')).toBe('February 2026');
    expect(displayMonth('nope')).toBe('nope');
  });

  it('tells the weekday of a day (0 is Sunday)', () => {
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-30')).toBe(1);
    expect(weekdayOf('x')).toBeNull();
  });
});
