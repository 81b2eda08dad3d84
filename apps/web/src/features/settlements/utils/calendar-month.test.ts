import { describe, expect, it } from 'vitest';
import type { SettlementCalendarDay } from '@mbo/contracts/settlements';
import {
  dayAfterKey,
  dayDescription,
  dayHasNews,
  dayNotes,
  daysOfMonth,
  isCalendarMonth,
  monthWeeks,
  shiftMonth,
} from './calendar-month';
import { i18n } from '@/i18n/i18n';

const t = i18n.getFixedT('en', 'settlements');

const blank = (day: string, extra: Partial<SettlementCalendarDay> = {}): SettlementCalendarDay => ({
  day,
  working: true,
  weekend: false,
  holidays: [],
  expected: [],
  paid: [],
  settlementCount: 0,
  ...extra,
});

describe('calendar month', () => {
  it('takes only months the calendar call takes', () => {
    expect(isCalendarMonth('2026-11')).toBe(true);
    expect(isCalendarMonth('2026-13')).toBe(false);
    expect(isCalendarMonth('1969-12')).toBe(false);
    expect(isCalendarMonth('2026-1')).toBe(false);
    expect(isCalendarMonth(null)).toBe(false);
  });

  it('moves by months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
  });

  it('lays a month out in weeks from Monday, with empty cells around it', () => {
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    const weeks = monthWeeks('2026-11'); // 1 Nov 2026 is a Sunday
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[1][0]).toBe('2026-11-02');
    expect(weeks[5]).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(monthWeeks('2027-02')).toHaveLength(4); // starts on a Monday, 28 days
  });

  it('names what closes a day and tells which days have news', () => {
    expect(dayNotes(blank('2026-12-25', { holidays: ['Christmas Day'], working: false }), t)).toEqual([
      'Christmas Day',
    ]);
    expect(dayNotes(blank('2026-11-28', { weekend: true, working: false }), t)).toEqual(['Weekend']);
    expect(dayHasNews(blank('2026-11-28', { weekend: true, working: false }))).toBe(false);
    expect(dayHasNews(blank('2026-11-24', { expected: [{ currency: 'USD', net: 100 }] }))).toBe(true);
    expect(dayHasNews(blank('2026-12-25', { holidays: ['Christmas Day'] }))).toBe(true);
  });

  it('describes a day in one sentence', () => {
    const day = blank('2026-11-23', {
      paid: [{ currency: 'USD', net: 120_000 }],
      expected: [{ currency: 'EUR', net: 30_000 }],
      settlementCount: 1,
    });
    expect(dayDescription(day, '2026-11-23', t)).toBe(
      'Mon 2026-11-23, today. Paid 1,200.00\u00a0USD. Expected 300.00\u00a0EUR.',
    );
    expect(dayDescription(blank('2026-11-28', { weekend: true, working: false }), '2026-11-23', t)).toBe(
      'Sat 2026-11-28. Weekend.',
    );
  });

  it('moves the focus by day, week and to the week ends, inside the month', () => {
    expect(dayAfterKey('2026-11-10', 'ArrowRight', '2026-11')).toBe('2026-11-11');
    expect(dayAfterKey('2026-11-10', 'ArrowUp', '2026-11')).toBe('2026-11-03');
    expect(dayAfterKey('2026-11-03', 'ArrowUp', '2026-11')).toBe('2026-11-01');
    expect(dayAfterKey('2026-11-27', 'ArrowDown', '2026-11')).toBe('2026-11-30');
    expect(dayAfterKey('2026-11-11', 'Home', '2026-11')).toBe('2026-11-09');
    expect(dayAfterKey('2026-11-11', 'End', '2026-11')).toBe('2026-11-15');
    expect(dayAfterKey('2026-11-11', 'Enter', '2026-11')).toBeNull();
  });
});
