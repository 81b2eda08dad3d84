import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../test/deep';
import {
  addDays,
  dayOf,
  daysBetween,
  isCalendarCountry,
  isCalendarDay,
  weekdayOf,
  workingDayCalendar,
  zonedInstant,
} from './working-days';

const de = workingDayCalendar('DE');

/** 'HH:MM' of `instant` on the wall clock of `timeZone`. */
function wallTime(instant: Date, timeZone: string): string {
  return instant.toLocaleTimeString('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
}

describe('calendar days', () => {
  it('adds days across month, leap-day and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(daysBetween('2026-12-24', '2027-01-04')).toBe(11);
    expect(daysBetween('2027-01-04', '2026-12-24')).toBe(-11);
  });

  it('gives ISO weekdays, Monday 1 to Sunday 7', () => {
    expect(weekdayOf('2026-12-28')).toBe(1);
    expect(weekdayOf('2026-12-24')).toBe(4);
    expect(weekdayOf('2027-12-25')).toBe(6);
    expect(weekdayOf('2027-12-26')).toBe(7);
    expect(weekdayOf('1970-01-01')).toBe(4);
  });

  it('refuses malformed, impossible and out-of-range days with a RangeError naming the value', () => {
    for (const bad of [
      '2026-13-01',
      '2026-02-30',
      '2027-02-29',
      '0000-01-01',
      '1969-12-31',
      '2200-01-01',
      '2026-1-01',
      '26-01-01',
      '2026-01-01T00:00',
      '',
    ]) {
      expect(isCalendarDay(bad)).toBe(false);
      expect(() => addDays(bad, 1)).toThrow(RangeError);
      expect(() => de.isWorkingDay(bad)).toThrow(
        `Invalid day ${JSON.stringify(bad)}: expected an existing calendar day as YYYY-MM-DD`,
      );
    }
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay(20260101)).toBe(false);
    expect(() => addDays('2026-01-01', 1.5)).toThrow(/must be an integer, got 1.5/);
    expect(() => addDays('2199-12-31', 1)).toThrow(/outside the supported range/);
    expect(() => daysBetween('2026-01-01', '2026-02-30')).toThrow(/Invalid to "2026-02-30"/);
  });
});

describe('dayOf', () => {
  it('gives the day an instant falls on in zones far from UTC, around their midnights', () => {
    // Auckland in summer is UTC+13: its 1 January starts at 11:00 UTC on 31 December.
    expect(dayOf(new Date('2026-12-31T10:59:59Z'), 'Pacific/Auckland')).toBe('2026-12-31');
    expect(dayOf(new Date('2026-12-31T11:00:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
    // Los Angeles in winter is UTC−8: its 1 January starts at 08:00 UTC.
    expect(dayOf(new Date('2027-01-01T07:59:59.999Z'), 'America/Los_Angeles')).toBe('2026-12-31');
    expect(dayOf(new Date('2027-01-01T08:00:00Z'), 'America/Los_Angeles')).toBe('2027-01-01');
    expect(dayOf(new Date('2026-06-30T18:29:00Z'), 'Asia/Kolkata')).toBe('2026-06-30');
    expect(dayOf(new Date('2026-06-30T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-07-01');
    expect(dayOf(new Date('2026-06-30T23:59:59Z'), 'UTC')).toBe('2026-06-30');
  });

  it('follows daylight saving: the midnight after a change moves by the hour', () => {
    // Los Angeles: PST (−8) until 2026-03-08 02:00, PDT (−7) after; midnight of 9 March is 07:00 UTC.
    expect(dayOf(new Date('2026-03-09T06:59:59Z'), 'America/Los_Angeles')).toBe('2026-03-08');
    expect(dayOf(new Date('2026-03-09T07:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
    // Auckland leaves NZDT (+13) on 2026-04-05: midnight of 6 April is 12:00 UTC.
    expect(dayOf(new Date('2026-04-05T11:59:59Z'), 'Pacific/Auckland')).toBe('2026-04-05');
    expect(dayOf(new Date('2026-04-05T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-04-06');
  });

  it('refuses an invalid instant or an unknown zone', () => {
    expect(() => dayOf(new Date(Number.NaN), 'Europe/Berlin')).toThrow('Invalid instant');
    expect(() => dayOf(new Date(), 'Mars/Olympus_Mons')).toThrow(
      new RangeError('Unknown time zone "Mars/Olympus_Mons": expected an IANA zone such as Europe/Berlin.'),
    );
  });
});

describe('zonedInstant', () => {
  it('places a cut-off in its zone', () => {
    expect(zonedInstant('2026-06-01', '18:00', 'Asia/Singapore').toISOString()).toBe('2026-06-01T10:00:00.000Z');
    expect(zonedInstant('2026-12-31', '00:00', 'Pacific/Auckland').toISOString()).toBe('2026-12-30T11:00:00.000Z');
    expect(zonedInstant('2026-03-29', '00:00', 'Asia/Kolkata').toISOString()).toBe('2026-03-28T18:30:00.000Z');
    expect(zonedInstant('2026-07-01', '23:59', 'America/Los_Angeles').toISOString()).toBe('2026-07-02T06:59:00.000Z');
  });

  it('takes the moment of the jump for a wall time the clock skips (Berlin, New York, Auckland)', () => {
    // Berlin jumps from 02:00 CET to 03:00 CEST at 01:00 UTC on 2026-03-29.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedInstant('2026-03-29', '03:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedInstant('2026-03-29', '01:59', 'Europe/Berlin').toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedInstant('2026-09-27', '02:30', 'Pacific/Auckland').toISOString()).toBe('2026-09-26T14:00:00.000Z');
  });

  it('takes the first of the two instants for a wall time the clock shows twice', () => {
    // Berlin goes back from 03:00 CEST to 02:00 CET: 02:30 happens at 00:30 and 01:30 UTC.
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant('2026-11-01', '03:00', 'America/New_York').toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('lands on its own day and wall time (or just after a skipped one), for any day, time and zone', () => {
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'America/Los_Angeles',
      'Pacific/Auckland',
      'Asia/Singapore',
      'Australia/Lord_Howe',
      'America/Sao_Paulo',
    ];
    const day = fc.integer({ min: 0, max: 365 * 4 }).map((n) => addDays('2025-01-01', n));
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(day, time, fc.constantFrom(...zones), (d, t, zone) => {
        const instant = zonedInstant(d, t, zone);
        expect(dayOf(instant, zone)).toBe(d);
        const wall = wallTime(instant, zone);
        if (wall !== t) {
          // A skipped time: the first instant after it, so the second before still shows an earlier time.
          expect(wall > t).toBe(true);
          expect(wallTime(new Date(instant.getTime() - 1000), zone) < t).toBe(true);
        }
      }),
      propertyRuns(300, 3000),
    );
  });

  it('refuses bad times, days and zones', () => {
    for (const bad of ['24:00', '18:60', '8:00', '18:00:00', '']) {
      expect(() => zonedInstant('2026-06-01', bad, 'Asia/Singapore')).toThrow(
        `Invalid time ${JSON.stringify(bad)}: expected HH:MM`,
      );
    }
    expect(() => zonedInstant('2026-02-30', '18:00', 'Asia/Singapore')).toThrow(RangeError);
    expect(() => zonedInstant('2026-06-01', '18:00', 'Nowhere/City')).toThrow(/Unknown time zone "Nowhere\/City"/);
  });
});

describe('workingDayCalendar: countries', () => {
  it('is case-insensitive and built once per country', () => {
    expect(workingDayCalendar('de')).toBe(de);
    expect(de.country).toBe('DE');
    expect(isCalendarCountry('sg')).toBe(true);
  });

  it('refuses a country the holiday library does not know, naming it', () => {
    for (const bad of ['XX', 'DEU', '', 'D']) {
      expect(isCalendarCountry(bad)).toBe(false);
      expect(() => workingDayCalendar(bad)).toThrow(
        new RangeError(
          `Unknown settlement country ${JSON.stringify(bad)}: expected an ISO 3166-1 alpha-2 code the holiday library covers.`,
        ),
      );
    }
  });
});

describe('workingDayCalendar: the N-th working day after D', () => {
  it('crosses the year end in Germany: Christmas, the weekend, New Year', () => {
    // Thu 24 Dec is a working day (the bank holiday starts at 14:00); Fri 25 and Sat 26 are holidays.
    expect(de.isWorkingDay('2026-12-24')).toBe(true);
    expect(de.holidayName('2026-12-24')).toBeNull();
    expect(de.nextWorkingDay('2026-12-24')).toBe('2026-12-28');
    expect(de.nthWorkingDayAfter('2026-12-24', 0)).toBe('2026-12-24');
    expect(de.nthWorkingDayAfter('2026-12-24', 1)).toBe('2026-12-28');
    expect(de.nthWorkingDayAfter('2026-12-24', 2)).toBe('2026-12-29');
    expect(de.nthWorkingDayAfter('2026-12-24', 4)).toBe('2026-12-31');
    expect(de.nthWorkingDayAfter('2026-12-24', 5)).toBe('2027-01-04'); // 1 Jan holiday, 2-3 Jan weekend
    expect(de.nthWorkingDayAfter('2026-12-24', 30)).toBe('2027-02-08');
    expect(de.nthWorkingDayAfter('2026-12-31', 1)).toBe('2027-01-04');
  });

  it('gives D itself for N = 0 on a working day, else the next working day', () => {
    expect(de.nthWorkingDayAfter('2026-12-23', 0)).toBe('2026-12-23');
    expect(de.nthWorkingDayAfter('2026-12-25', 0)).toBe('2026-12-28');
    expect(de.nthWorkingDayAfter('2026-12-27', 0)).toBe('2026-12-28');
    expect(de.nthWorkingDayAfter('2027-01-01', 0)).toBe('2027-01-04');
  });

  it('crosses the year end in Singapore', () => {
    const sg = workingDayCalendar('SG');
    expect(sg.holidayName('2026-12-25')).toBe('Christmas Day');
    expect(sg.nextWorkingDay('2026-12-24')).toBe('2026-12-28');
    expect(sg.nextWorkingDay('2026-12-31')).toBe('2027-01-04');
    expect(sg.nthWorkingDayAfter('2026-12-30', 2)).toBe('2027-01-04');
  });

  it('skips Easter in Germany: Good Friday and Easter Monday', () => {
    expect(de.holidayName('2026-04-03')).toBe('Good Friday');
    expect(de.holidayName('2026-04-06')).toBe('Easter Monday');
    expect(de.holidayName('2026-04-05')).toBeNull(); // Easter Sunday: an observance, and a Sunday anyway
    expect(de.nthWorkingDayAfter('2026-04-02', 1)).toBe('2026-04-07');
    expect(de.nthWorkingDayAfter('2026-04-02', 2)).toBe('2026-04-08');
    expect(de.nthWorkingDayAfter('2026-04-01', 5)).toBe('2026-04-10');
    expect(de.nthWorkingDayAfter('2026-04-03', 0)).toBe('2026-04-07');
  });

  it('closes the substitute days of holidays that fall on a weekend (GB Christmas 2027, US 4 July 2026)', () => {
    const gb = workingDayCalendar('GB');
    expect(gb.holidayName('2027-12-25')).toBe('Christmas Day'); // a Saturday
    expect(gb.holidayName('2027-12-27')).toBe('Christmas Day (substitute day)');
    expect(gb.holidayName('2027-12-28')).toBe('Boxing Day (substitute day)');
    expect(gb.isWorkingDay('2027-12-28')).toBe(false);
    expect(gb.nextWorkingDay('2027-12-24')).toBe('2027-12-29');
    const us = workingDayCalendar('US');
    expect(us.holidayName('2026-07-03')).toBe('Independence Day (substitute day)'); // observed on the Friday
    expect(us.holidayName('2026-07-04')).toBe('Independence Day');
    expect(us.nextWorkingDay('2026-07-02')).toBe('2026-07-06');
    // New Year 2022 fell on a Saturday and was observed on Friday 31 Dec 2021, in the year before.
    expect(us.isWorkingDay('2021-12-31')).toBe(false);
    expect(us.nthWorkingDayAfter('2021-12-30', 1)).toBe('2022-01-03');
  });

  it('closes full-day bank holidays and multi-day holidays, not half days', () => {
    const jp = workingDayCalendar('JP');
    expect(jp.holidaysBetween('2025-12-31', '2026-01-05').map((h) => h.day)).toEqual([
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
    expect(jp.nextWorkingDay('2025-12-30')).toBe('2026-01-05');
    expect(workingDayCalendar('BR').holidaysBetween('2026-02-14', '2026-02-20')).toEqual([
      { day: '2026-02-16', name: 'Carnival' },
      { day: '2026-02-17', name: 'Carnival' },
    ]);
    expect(
      workingDayCalendar('AE')
        .holidaysBetween('2026-03-19', '2026-03-23')
        .map((h) => h.day),
    ).toEqual(['2026-03-20', '2026-03-21', '2026-03-22']);
    expect(workingDayCalendar('CN').isWorkingDay('2027-03-08')).toBe(true); // Women's Day: from 12:00
  });

  it('refuses N that is negative, fractional or above 366, and days past the supported range', () => {
    for (const bad of [-1, 1.5, 367, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => de.nthWorkingDayAfter('2026-12-24', bad)).toThrow(
        `The number of working days must be an integer from 0 to 366, got ${String(bad)}.`,
      );
    }
    expect(de.nthWorkingDayAfter('2026-01-01', 366)).toBe('2027-06-14'); // 254 working days left in 2026, 112 in 2027
    expect(() => de.nthWorkingDayAfter('2199-12-30', 5)).toThrow(/outside the supported range/);
    expect(() => de.nextWorkingDay('2026-13-01')).toThrow(RangeError);
  });

  it('answers 10,000 queries from the per-year cache', () => {
    const sg = workingDayCalendar('SG');
    const results = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const day = addDays('2026-01-01', i % 730);
      const due = sg.nthWorkingDayAfter(day, i % 8);
      if (i % 997 === 0) {
        expect(due >= day).toBe(true);
        expect(sg.isWorkingDay(due)).toBe(true);
      }
      results.add(due);
    }
    expect(results.size).toBeGreaterThan(400);
  });
});

describe('workingDayCalendar: month and ranges', () => {
  it('lists December 2026 in Germany day by day, with English holiday names', () => {
    const days = de.monthDays('2026-12');
    expect(days).toHaveLength(31);
    expect(days[0]).toEqual({ day: '2026-12-01', weekday: 2, weekend: false, holiday: null, working: true });
    expect(days[23]).toEqual({ day: '2026-12-24', weekday: 4, weekend: false, holiday: null, working: true });
    expect(days[24]).toEqual({
      day: '2026-12-25',
      weekday: 5,
      weekend: false,
      holiday: 'Christmas Day',
      working: false,
    });
    expect(days[25]).toEqual({ day: '2026-12-26', weekday: 6, weekend: true, holiday: 'Boxing Day', working: false });
    expect(days[26]).toEqual({ day: '2026-12-27', weekday: 7, weekend: true, holiday: null, working: false });
    expect(days.filter((d) => d.weekend)).toHaveLength(8);
    expect(days.filter((d) => d.working)).toHaveLength(22);
    expect(days.every((d) => d.working === (!d.weekend && d.holiday === null))).toBe(true);
    expect(de.monthDays('2028-02')).toHaveLength(29);
    expect(de.monthDays('2026-02').at(-1)?.day).toBe('2026-02-28');
  });

  it('refuses malformed months', () => {
    for (const bad of ['2026-13', '2026-00', '2026-1', '2026-12-01', '0000-01', '']) {
      expect(() => de.monthDays(bad)).toThrow(`Invalid month ${JSON.stringify(bad)}: expected YYYY-MM`);
    }
  });

  it('lists the holidays of a range, weekends included, both ends included', () => {
    expect(de.holidaysBetween('2026-01-01', '2026-12-31')).toEqual([
      { day: '2026-01-01', name: "New Year's Day" },
      { day: '2026-04-03', name: 'Good Friday' },
      { day: '2026-04-06', name: 'Easter Monday' },
      { day: '2026-05-01', name: 'Labour Day' },
      { day: '2026-05-14', name: 'Ascension Day' },
      { day: '2026-05-25', name: 'Whit Monday' },
      { day: '2026-10-03', name: 'National Holiday' },
      { day: '2026-12-25', name: 'Christmas Day' },
      { day: '2026-12-26', name: 'Boxing Day' },
    ]);
    // 1 May 2008 was both Labour Day and Ascension Day.
    expect(de.holidaysBetween('2008-04-30', '2008-05-02')).toEqual([
      { day: '2008-05-01', name: 'Labour Day / Ascension Day' },
    ]);
    expect(de.holidaysBetween('2026-12-25', '2026-12-25')).toEqual([{ day: '2026-12-25', name: 'Christmas Day' }]);
    expect(de.holidaysBetween('2026-12-27', '2026-12-31')).toEqual([]);
    expect(de.holidaysBetween('2028-01-01', '2028-12-31').length).toBeGreaterThan(0); // 366 days: allowed
  });

  it('refuses reversed ranges and ranges over 366 days', () => {
    expect(() => de.holidaysBetween('2026-12-31', '2026-01-01')).toThrow(
      'Invalid range: to (2026-01-01) is before from (2026-12-31).',
    );
    expect(() => de.holidaysBetween('2026-01-01', '2027-01-02')).toThrow(
      'Invalid range 2026-01-01 to 2027-01-02: 367 days, at most 366.',
    );
    expect(() => de.holidaysBetween('2026-02-30', '2026-03-01')).toThrow(/Invalid from "2026-02-30"/);
  });
});
