import { describe, expect, it } from 'vitest';
import type { WithdrawalHours } from '@mbo/contracts/withdrawals';
import { describeWithdrawalHours } from '@mbo/contracts/withdrawals';
import { withdrawalHoursAt } from './working-hours';

const OFFICE: WithdrawalHours = {
  days: [1, 2, 3, 4, 5],
  open: '08:00',
  close: '20:00',
  timeZone: 'Europe/Amsterdam',
  holidayCountry: 'NL',
};
const ALWAYS: WithdrawalHours = {
  days: [1, 2, 3, 4, 5, 6, 7],
  open: '00:00',
  close: '24:00',
  timeZone: 'Europe/London',
  holidayCountry: null,
};

describe('withdrawal working hours', () => {
  it('is open on a weekday in office hours of the merchant’s zone, open inclusive and close exclusive', () => {
    // Tuesday 24 Nov 2026: Amsterdam is UTC+1.
    expect(withdrawalHoursAt(OFFICE, new Date('2026-11-24T07:00:00Z')).open).toBe(true); // 08:00 local
    expect(withdrawalHoursAt(OFFICE, new Date('2026-11-24T06:59:59Z'))).toEqual({
      open: false,
      reason: { code: 'BEFORE_OPENING', values: { time: '08:00' } },
      nextOpenAt: new Date('2026-11-24T07:00:00Z'),
    });
    expect(withdrawalHoursAt(OFFICE, new Date('2026-11-24T19:00:00Z'))).toEqual({
      open: false,
      reason: { code: 'AFTER_CLOSING', values: { time: '20:00' } },
      nextOpenAt: new Date('2026-11-25T07:00:00Z'),
    });
  });

  it('is closed at weekends and on the public holidays of its calendar, says why as a code, and when it opens', () => {
    // Friday 20:30 → Monday 08:00.
    expect(withdrawalHoursAt(OFFICE, new Date('2026-11-27T19:30:00Z')).nextOpenAt).toEqual(
      new Date('2026-11-30T07:00:00Z'),
    );
    expect(withdrawalHoursAt(OFFICE, new Date('2026-11-28T12:00:00Z'))).toMatchObject({
      open: false,
      reason: { code: 'DAY_OFF', values: { weekday: 6 } },
    });
    // Christmas Day 2026 is a Friday; Boxing Day Saturday; the desk opens Monday 28 December.
    const christmas = withdrawalHoursAt(OFFICE, new Date('2026-12-25T10:00:00Z'));
    expect(christmas.open).toBe(false);
    expect(christmas.reason).toEqual({ code: 'HOLIDAY', values: { name: expect.stringMatching(/Christmas/) } });
    expect(christmas.nextOpenAt).toEqual(new Date('2026-12-28T07:00:00Z'));
    // Summer time: 08:00 in Amsterdam is 06:00 UTC.
    expect(withdrawalHoursAt(OFFICE, new Date('2026-07-01T06:00:00Z')).open).toBe(true);
  });

  it('every day 00:00–24:00 without a holiday calendar is always open', () => {
    for (const at of ['2026-12-25T00:00:00Z', '2026-11-28T23:59:59Z', '2026-03-29T01:30:00Z'])
      expect(withdrawalHoursAt(ALWAYS, new Date(at)).open).toBe(true);
  });

  it('no day at all: closed, and never opens', () => {
    expect(withdrawalHoursAt({ ...OFFICE, days: [] }, new Date('2026-11-24T10:00:00Z'))).toEqual({
      open: false,
      reason: { code: 'DAY_OFF', values: { weekday: 2 } },
      nextOpenAt: null,
    });
  });

  it('describes the hours in words', () => {
    expect(describeWithdrawalHours(OFFICE)).toBe('Mon–Fri 08:00–20:00 Europe/Amsterdam, closed on NL public holidays');
    expect(describeWithdrawalHours(ALWAYS)).toBe('Every day 00:00–24:00 Europe/London');
    expect(describeWithdrawalHours({ ...OFFICE, days: [1, 3], holidayCountry: null })).toBe(
      'Mon, Wed 08:00–20:00 Europe/Amsterdam',
    );
  });
});
