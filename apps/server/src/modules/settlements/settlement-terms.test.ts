import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/deep';
import { addDays, dayOf, workingDayCalendar, zonedInstant } from '../../lib/working-days';
import {
  assertSettlementTerms,
  batchKeyOf,
  batchWindowOf,
  batchWindowsBetween,
  expectedSettlementDay,
  isClosed,
  isDue,
  type BatchWindow,
  type SettlementTerms,
} from './settlement-terms';

const sg: SettlementTerms = {
  settlementCycleDays: 1,
  cutoffTime: '18:00',
  timeZone: 'Asia/Singapore',
  settlementCountry: 'SG',
};
const de: SettlementTerms = {
  settlementCycleDays: 1,
  cutoffTime: '18:00',
  timeZone: 'Europe/Berlin',
  settlementCountry: 'DE',
};
const at = (iso: string) => new Date(iso);

/** The window as plain strings, for readable equality. */
function plain(window: BatchWindow) {
  return { businessDay: window.businessDay, closesAt: window.closesAt.toISOString(), dueDay: window.dueDay };
}

describe('batchWindowOf: the cut-off', () => {
  it("puts 17:59 in Singapore into the day's batch and 18:00 into the next working day's", () => {
    // Tue 2 June 2026; 18:00 SGT is 10:00 UTC.
    expect(plain(batchWindowOf(sg, at('2026-06-02T09:59:00Z')))).toEqual({
      businessDay: '2026-06-02',
      closesAt: '2026-06-02T10:00:00.000Z',
      dueDay: '2026-06-03',
    });
    expect(plain(batchWindowOf(sg, at('2026-06-02T09:59:59.999Z')))).toEqual({
      businessDay: '2026-06-02',
      closesAt: '2026-06-02T10:00:00.000Z',
      dueDay: '2026-06-03',
    });
    expect(plain(batchWindowOf(sg, at('2026-06-02T10:00:00Z')))).toEqual({
      businessDay: '2026-06-03',
      closesAt: '2026-06-03T10:00:00.000Z',
      dueDay: '2026-06-04',
    });
    expect(batchWindowOf(sg, at('2026-06-02T15:59:59Z')).businessDay).toBe('2026-06-03'); // 23:59:59 SGT
    expect(batchWindowOf(sg, at('2026-06-02T16:00:00Z')).businessDay).toBe('2026-06-03'); // 00:00 SGT on the 3rd
  });

  it("takes the capture's day in the terms' zone, not in UTC", () => {
    const la: SettlementTerms = {
      settlementCycleDays: 0,
      cutoffTime: '18:00',
      timeZone: 'America/Los_Angeles',
      settlementCountry: 'US',
    };
    // 00:30 UTC on Wed 3 June is 17:30 PDT on Tue 2 June: Tuesday's batch, closing at 01:00 UTC.
    expect(plain(batchWindowOf(la, at('2026-06-03T00:30:00Z')))).toEqual({
      businessDay: '2026-06-02',
      closesAt: '2026-06-03T01:00:00.000Z',
      dueDay: '2026-06-02',
    });
    expect(batchWindowOf(la, at('2026-06-03T01:00:00Z')).businessDay).toBe('2026-06-03');
  });

  it('handles a midnight cut-off: the whole day before it belongs to the next working day', () => {
    const midnight: SettlementTerms = { ...sg, cutoffTime: '00:00' };
    // Mon 23:59 SGT is after Monday's 00:00 cut-off: Tuesday's batch, closing at Tuesday 00:00 SGT.
    expect(plain(batchWindowOf(midnight, at('2026-06-08T15:59:00Z')))).toEqual({
      businessDay: '2026-06-09',
      closesAt: '2026-06-08T16:00:00.000Z',
      dueDay: '2026-06-10',
    });
    expect(batchWindowOf(midnight, at('2026-06-08T16:00:00Z')).businessDay).toBe('2026-06-10');
  });

  it('moves a Friday-evening or weekend capture to Monday, and to Tuesday when Monday is a holiday', () => {
    // Fri 5 June 2026, 19:00 SGT; Saturday and Sunday too.
    expect(plain(batchWindowOf(sg, at('2026-06-05T11:00:00Z')))).toEqual({
      businessDay: '2026-06-08',
      closesAt: '2026-06-08T10:00:00.000Z',
      dueDay: '2026-06-09',
    });
    expect(batchWindowOf(sg, at('2026-06-06T03:00:00Z')).businessDay).toBe('2026-06-08');
    expect(batchWindowOf(sg, at('2026-06-07T09:00:00Z')).businessDay).toBe('2026-06-08');
    // Fri 29 May 2026 evening: Monday 1 June is Vesak Day (observed) in Singapore.
    expect(workingDayCalendar('SG').holidayName('2026-06-01')).toBe('Vesak Day');
    expect(plain(batchWindowOf(sg, at('2026-05-29T11:00:00Z')))).toEqual({
      businessDay: '2026-06-02',
      closesAt: '2026-06-02T10:00:00.000Z',
      dueDay: '2026-06-03',
    });
    expect(batchWindowOf(sg, at('2026-06-01T02:00:00Z')).businessDay).toBe('2026-06-02'); // on the holiday, before its "cut-off"
    // Fri 7 Aug 2026 evening: National Day on Sunday 9 Aug, its substitute on Monday 10 Aug.
    expect(batchWindowOf(sg, at('2026-08-07T10:00:00Z')).businessDay).toBe('2026-08-11');
  });
});

describe('batchWindowOf: due days, T+0 to T+3', () => {
  it('settles T+0 on the business day itself, T+1 and T+3 on working days after it', () => {
    const capture = at('2026-06-02T04:00:00Z'); // Tue 12:00 SGT
    expect(expectedSettlementDay({ ...sg, settlementCycleDays: 0 }, capture)).toBe('2026-06-02');
    expect(expectedSettlementDay({ ...sg, settlementCycleDays: 1 }, capture)).toBe('2026-06-03');
    expect(expectedSettlementDay({ ...sg, settlementCycleDays: 3 }, capture)).toBe('2026-06-05');
    // From Thursday: T+3 crosses the weekend.
    expect(expectedSettlementDay({ ...sg, settlementCycleDays: 3 }, at('2026-06-04T04:00:00Z'))).toBe('2026-06-09');
    // T+0 captured on a Saturday settles on Monday, with Monday's batch.
    expect(plain(batchWindowOf({ ...sg, settlementCycleDays: 0 }, at('2026-06-06T04:00:00Z')))).toEqual({
      businessDay: '2026-06-08',
      closesAt: '2026-06-08T10:00:00.000Z',
      dueDay: '2026-06-08',
    });
  });

  it('settles a batch due on Good Friday or Easter Monday on the next working day (DE 2026)', () => {
    const thursday = at('2026-04-02T10:00:00Z'); // Thu 2 April, 12:00 CEST
    expect(batchWindowOf(de, thursday).dueDay).toBe('2026-04-07'); // not Fri 3 (Good Friday) nor Mon 6 (Easter Monday)
    expect(expectedSettlementDay({ ...de, settlementCycleDays: 2 }, at('2026-04-01T10:00:00Z'))).toBe('2026-04-07');
    expect(expectedSettlementDay({ ...de, settlementCycleDays: 3 }, thursday)).toBe('2026-04-09');
    // Captured on Good Friday itself with T+0: Tuesday's batch, settled that Tuesday.
    expect(plain(batchWindowOf({ ...de, settlementCycleDays: 0 }, at('2026-04-03T10:00:00Z')))).toEqual({
      businessDay: '2026-04-07',
      closesAt: '2026-04-07T16:00:00.000Z',
      dueDay: '2026-04-07',
    });
  });

  it('settles a Singapore batch due on Christmas Day on the Monday after', () => {
    expect(plain(batchWindowOf(sg, at('2026-12-24T04:00:00Z')))).toEqual({
      businessDay: '2026-12-24',
      closesAt: '2026-12-24T10:00:00.000Z',
      dueDay: '2026-12-28',
    });
    expect(batchWindowOf(sg, at('2026-12-24T10:00:00Z')).businessDay).toBe('2026-12-28'); // at the cut-off: after Christmas
  });

  it('crosses the year end in Germany (2026 → 2027)', () => {
    // Thu 31 Dec 2026, 17:00 CET (16:00 UTC): the year's last batch, due after New Year and the weekend.
    expect(plain(batchWindowOf(de, at('2026-12-31T16:00:00Z')))).toEqual({
      businessDay: '2026-12-31',
      closesAt: '2026-12-31T17:00:00.000Z',
      dueDay: '2027-01-04',
    });
    // 18:30 CET: the first batch of 2027, on Monday 4 January.
    expect(plain(batchWindowOf(de, at('2026-12-31T17:30:00Z')))).toEqual({
      businessDay: '2027-01-04',
      closesAt: '2027-01-04T17:00:00.000Z',
      dueDay: '2027-01-05',
    });
    expect(expectedSettlementDay({ ...de, settlementCycleDays: 3 }, at('2026-12-31T16:00:00Z'))).toBe('2027-01-06');
    expect(expectedSettlementDay({ ...de, settlementCycleDays: 0 }, at('2027-01-01T12:00:00Z'))).toBe('2027-01-04');
  });
});

describe('batchWindowOf: daylight saving in Europe/Berlin', () => {
  it('closes at 17:00 UTC in winter and 16:00 UTC in summer (spring forward, 29 March 2026)', () => {
    expect(batchWindowOf(de, at('2026-03-27T12:00:00Z')).closesAt.toISOString()).toBe('2026-03-27T17:00:00.000Z'); // Fri, CET
    expect(batchWindowOf(de, at('2026-03-27T17:30:00Z')).closesAt.toISOString()).toBe('2026-03-30T16:00:00.000Z'); // Fri 18:30 → Mon, CEST
    // The same UTC time of day lands on either side of the cut-off: 16:30 UTC is 17:30 CET but 18:30 CEST.
    expect(batchWindowOf(de, at('2026-03-27T16:30:00Z')).businessDay).toBe('2026-03-27');
    expect(batchWindowOf(de, at('2026-03-30T16:30:00Z')).businessDay).toBe('2026-03-31');
    expect(batchWindowOf(de, at('2026-03-30T15:59:59Z')).businessDay).toBe('2026-03-30');
  });

  it('closes at 16:00 UTC in summer and 17:00 UTC in winter (fall back, 25 October 2026)', () => {
    expect(batchWindowOf(de, at('2026-10-23T12:00:00Z')).closesAt.toISOString()).toBe('2026-10-23T16:00:00.000Z'); // Fri, CEST
    expect(batchWindowOf(de, at('2026-10-23T16:00:00Z')).closesAt.toISOString()).toBe('2026-10-26T17:00:00.000Z'); // → Mon, CET
    expect(batchWindowOf(de, at('2026-10-26T16:30:00Z')).businessDay).toBe('2026-10-26'); // 17:30 CET
    // A capture on the Sunday of the change, in the hour the clock shows twice, joins Monday.
    expect(batchWindowOf(de, at('2026-10-25T00:30:00Z')).businessDay).toBe('2026-10-26');
    expect(batchWindowOf(de, at('2026-10-25T01:30:00Z')).businessDay).toBe('2026-10-26');
  });

  it('places a cut-off the clock skips or shows twice on a working day (Africa/Cairo, Friday and Thursday changes)', () => {
    const cairo: SettlementTerms = {
      settlementCycleDays: 1,
      cutoffTime: '00:30',
      timeZone: 'Africa/Cairo',
      settlementCountry: 'EG',
    };
    // Fri 24 Apr 2026: 00:00 EET jumps to 01:00 EEST at 22:00 UTC; 00:30 never shows, the batch closes at the jump.
    expect(plain(batchWindowOf(cairo, at('2026-04-23T21:59:59Z')))).toEqual({
      businessDay: '2026-04-24',
      closesAt: '2026-04-23T22:00:00.000Z',
      dueDay: '2026-04-27',
    });
    expect(batchWindowOf(cairo, at('2026-04-23T22:00:00Z')).businessDay).toBe('2026-04-27');
    // Thu 29 Oct 2026: 24:00 EEST goes back to 23:00 EET at 21:00 UTC; 23:30 shows twice, the first one closes.
    const late = { ...cairo, cutoffTime: '23:30' };
    expect(batchWindowOf(late, at('2026-10-29T20:29:59Z')).closesAt.toISOString()).toBe('2026-10-29T20:30:00.000Z');
    // 21:00 UTC shows 23:00 on Thursday again, but Thursday's batch has closed: Friday's it is.
    expect(plain(batchWindowOf(late, at('2026-10-29T21:00:00Z')))).toEqual({
      businessDay: '2026-10-30',
      closesAt: '2026-10-30T21:30:00.000Z',
      dueDay: '2026-11-02',
    });
  });
});

describe('batchKeyOf', () => {
  const keyAt = (terms: SettlementTerms, iso: string, merchantId = 'M1', currency = 'SGD') =>
    batchKeyOf(merchantId, currency, terms, batchWindowOf(terms, at(iso)));

  it('is equal for two captures of one window and differs across the cut-off', () => {
    const morning = keyAt(sg, '2026-06-02T01:00:00Z');
    expect(morning).toBe('M1|SGD|T+1|SG|2026-06-02|2026-06-02T10:00:00.000Z');
    expect(keyAt(sg, '2026-06-01T10:00:00Z')).toBe(morning); // Vesak Day, after the day before's cut-off
    expect(keyAt(sg, '2026-06-02T09:59:59.999Z')).toBe(morning);
    expect(keyAt(sg, '2026-06-02T10:00:00Z')).not.toBe(morning);
    expect(keyAt(sg, '2026-06-02T10:00:00Z')).toBe(keyAt(sg, '2026-06-03T09:00:00Z'));
  });

  it('differs by merchant, currency, cycle, country and cut-off instant', () => {
    const base = keyAt(sg, '2026-06-02T01:00:00Z');
    expect(keyAt(sg, '2026-06-02T01:00:00Z', 'M2')).not.toBe(base);
    expect(keyAt(sg, '2026-06-02T01:00:00Z', 'M1', 'USD')).not.toBe(base);
    expect(keyAt({ ...sg, settlementCycleDays: 2 }, '2026-06-02T01:00:00Z')).not.toBe(base);
    expect(keyAt({ ...sg, settlementCountry: 'MY' }, '2026-06-02T01:00:00Z')).not.toBe(base);
    expect(keyAt({ ...sg, cutoffTime: '17:00' }, '2026-06-02T01:00:00Z')).not.toBe(base);
    // Another zone with the same offset and cut-off closes at the same instant: the same batch.
    expect(keyAt({ ...sg, timeZone: 'Asia/Kuala_Lumpur' }, '2026-06-02T01:00:00Z')).toBe(base);
    expect(keyAt({ ...sg, settlementCountry: 'sg' }, '2026-06-02T01:00:00Z')).toBe(base);
  });

  it('refuses a window of other terms, and bad merchant ids or currencies', () => {
    const window = batchWindowOf(sg, at('2026-06-02T01:00:00Z'));
    expect(() => batchKeyOf('M1', 'SGD', de, window)).toThrow(
      new RangeError(
        'Invalid window: closesAt 2026-06-02T10:00:00.000Z is not the cut-off of 2026-06-02 under these terms.',
      ),
    );
    expect(() => batchKeyOf('M1', 'SGD', sg, { ...window, businessDay: '2026-02-30' })).toThrow(/Invalid window/);
    expect(() => batchKeyOf('', 'SGD', sg, window)).toThrow(/Invalid merchantId ""/);
    expect(() => batchKeyOf('M|1', 'SGD', sg, window)).toThrow(/Invalid merchantId "M\|1"/);
    expect(() => batchKeyOf('M1', 'sgd', sg, window)).toThrow(/Invalid currency "sgd"/);
    expect(() => batchKeyOf('M1', 'XXX', sg, window)).toThrow(/Invalid currency "XXX"/);
  });
});

describe('isClosed and isDue', () => {
  it('closes a batch at its cut-off instant, not a millisecond before', () => {
    const window = batchWindowOf(sg, at('2026-06-02T01:00:00Z'));
    expect(isClosed(window, at('2026-06-02T09:59:59.999Z'))).toBe(false);
    expect(isClosed(window, at('2026-06-02T10:00:00Z'))).toBe(true);
    expect(isClosed(window, at('2026-06-05T00:00:00Z'))).toBe(true);
    // Whatever closes the batch also moves new captures to the next one.
    expect(batchWindowOf(sg, window.closesAt).businessDay).not.toBe(window.businessDay);
    expect(() => isClosed(window, new Date(Number.NaN))).toThrow(
      new RangeError('Invalid instant: expected a valid Date.'),
    );
  });

  it("is due from the first moment of the due day in the terms' zone, at any time of it and after", () => {
    // 3 June 00:00 SGT is 2 June 16:00 UTC.
    expect(isDue('2026-06-03', at('2026-06-02T15:59:59.999Z'), sg)).toBe(false);
    expect(isDue('2026-06-03', at('2026-06-02T16:00:00Z'), sg)).toBe(true);
    expect(isDue('2026-06-03', at('2026-06-03T15:59:59Z'), sg)).toBe(true);
    expect(isDue('2026-06-03', at('2026-07-01T00:00:00Z'), sg)).toBe(true); // catching up after downtime
    // In Berlin the same instant is still 2 June.
    expect(isDue('2026-06-03', at('2026-06-02T16:00:00Z'), de)).toBe(false);
    expect(isDue('2026-06-03', at('2026-06-02T22:00:00Z'), de)).toBe(true);
    expect(() => isDue('2026-6-3', at('2026-06-02T16:00:00Z'), sg)).toThrow(
      new RangeError('Invalid dueDay "2026-6-3": expected a calendar day as YYYY-MM-DD.'),
    );
  });
});

describe('batchWindowsBetween', () => {
  it('lists one batch per working day of the range, both ends included', () => {
    expect(batchWindowsBetween(sg, '2026-05-29', '2026-06-05').map(plain)).toEqual([
      { businessDay: '2026-05-29', closesAt: '2026-05-29T10:00:00.000Z', dueDay: '2026-06-02' },
      { businessDay: '2026-06-02', closesAt: '2026-06-02T10:00:00.000Z', dueDay: '2026-06-03' },
      { businessDay: '2026-06-03', closesAt: '2026-06-03T10:00:00.000Z', dueDay: '2026-06-04' },
      { businessDay: '2026-06-04', closesAt: '2026-06-04T10:00:00.000Z', dueDay: '2026-06-05' },
      { businessDay: '2026-06-05', closesAt: '2026-06-05T10:00:00.000Z', dueDay: '2026-06-08' },
    ]);
    expect(batchWindowsBetween(sg, '2026-05-30', '2026-06-01')).toEqual([]);
    expect(batchWindowsBetween(de, '2026-01-01', '2026-12-31')).toHaveLength(254); // 261 weekdays, 7 of them holidays (3 Oct and 26 Dec fall on Saturdays)
  });

  it('refuses malformed, reversed and over-long ranges', () => {
    expect(() => batchWindowsBetween(sg, '2026-02-30', '2026-03-01')).toThrow(/Invalid fromDay "2026-02-30"/);
    expect(() => batchWindowsBetween(sg, '2026-03-01', '2026-3-02')).toThrow(/Invalid toDay "2026-3-02"/);
    expect(() => batchWindowsBetween(sg, '2026-03-02', '2026-03-01')).toThrow(
      'Invalid range: toDay (2026-03-01) is before fromDay (2026-03-02).',
    );
    expect(() => batchWindowsBetween(sg, '2026-01-01', '2027-01-02')).toThrow(
      'Invalid range 2026-01-01 to 2027-01-02: 367 days, at most 366.',
    );
  });
});

describe('bad terms', () => {
  const capture = at('2026-06-02T01:00:00Z');
  const cases: Array<[Partial<SettlementTerms>, RegExp]> = [
    [{ settlementCycleDays: 31 }, /^Invalid settlementCycleDays 31: expected an integer from 0 to 30/],
    [{ settlementCycleDays: -1 }, /^Invalid settlementCycleDays -1/],
    [{ settlementCycleDays: 1.5 }, /^Invalid settlementCycleDays 1.5/],
    [{ settlementCycleDays: Number.NaN }, /^Invalid settlementCycleDays NaN/],
    [{ cutoffTime: '24:00' }, /^Invalid cutoffTime "24:00": expected HH:MM from 00:00 to 23:59/],
    [{ cutoffTime: '18:60' }, /^Invalid cutoffTime "18:60"/],
    [{ cutoffTime: '8:00' }, /^Invalid cutoffTime "8:00"/],
    [{ cutoffTime: '' }, /^Invalid cutoffTime ""/],
    [{ timeZone: 'Mars/Olympus_Mons' }, /^Invalid timeZone "Mars\/Olympus_Mons": expected an IANA zone/],
    [{ timeZone: '' }, /^Invalid timeZone ""/],
    [{ settlementCountry: 'XX' }, /^Invalid settlementCountry "XX": expected an ISO 3166-1 alpha-2 code/],
    [{ settlementCountry: 'DEU' }, /^Invalid settlementCountry "DEU"/],
  ];

  it.each(cases)('refuses %o with a RangeError naming the field, in every function', (patch, message) => {
    const terms = { ...sg, ...patch };
    const calls = [
      () => assertSettlementTerms(terms),
      () => batchWindowOf(terms, capture),
      () => expectedSettlementDay(terms, capture),
      () => isDue('2026-06-03', capture, terms),
      () => batchWindowsBetween(terms, '2026-06-01', '2026-06-05'),
      () => batchKeyOf('M1', 'SGD', terms, batchWindowOf(sg, capture)),
    ];
    for (const call of calls) {
      expect(call).toThrow(RangeError);
      expect(call).toThrow(message);
    }
  });

  it('accepts the bounds, any-case countries and a pay-in service record as it is', () => {
    expect(() => assertSettlementTerms({ ...sg, settlementCycleDays: 0, cutoffTime: '00:00' })).not.toThrow();
    expect(() =>
      assertSettlementTerms({ ...sg, settlementCycleDays: 30, cutoffTime: '23:59', settlementCountry: 'sg' }),
    ).not.toThrow();
    const record = { serviceId: 'svc_1', currency: 'SGD', status: 'ACTIVE', ...sg, settlementCycleDays: 30 };
    expect(expectedSettlementDay(record, capture)).toBe(workingDayCalendar('SG').nthWorkingDayAfter('2026-06-02', 30));
  });

  it('refuses an invalid capture instant', () => {
    expect(() => batchWindowOf(sg, new Date(Number.NaN))).toThrow(
      new RangeError('Invalid instant: expected a valid Date.'),
    );
  });
});

describe('properties over two years of captures', () => {
  const places = [
    ['SG', 'Asia/Singapore'],
    ['DE', 'Europe/Berlin'],
    ['US', 'America/New_York'],
    ['GB', 'Europe/London'],
    ['AU', 'Australia/Sydney'],
    ['JP', 'Asia/Tokyo'],
    ['AE', 'Asia/Dubai'],
    ['BR', 'America/Sao_Paulo'],
    // Egypt changes its clocks on a Friday (spring) and a Thursday (autumn): cut-offs in the gap and in the repeated
    // hour.
    ['EG', 'Africa/Cairo'],
  ] as const;
  const termsArb = fc
    .record({
      settlementCycleDays: fc.constantFrom(0, 1, 2, 3, 5, 30),
      cutoffTime: fc.constantFrom('00:00', '00:30', '02:30', '12:00', '18:00', '23:30', '23:59'),
      place: fc.constantFrom(...places),
    })
    .map(({ place: [settlementCountry, timeZone], ...rest }): SettlementTerms => ({
      ...rest,
      settlementCountry,
      timeZone,
    }));
  const from = Date.parse('2026-01-01T00:00:00Z');
  const instantArb = fc.integer({ min: 0, max: 2 * 365 * 86_400 - 1 }).map((s) => new Date(from + s * 1000));

  it('gives a working business day whose cut-off is the first one after the capture, and a working due day', () => {
    fc.assert(
      fc.property(termsArb, instantArb, (terms, capturedAt) => {
        const calendar = workingDayCalendar(terms.settlementCountry);
        const window = batchWindowOf(terms, capturedAt);
        expect(calendar.isWorkingDay(window.businessDay)).toBe(true);
        expect(window.closesAt.getTime()).toBeGreaterThan(capturedAt.getTime());
        expect(window.closesAt.getTime()).toBe(
          zonedInstant(window.businessDay, terms.cutoffTime, terms.timeZone).getTime(),
        );
        expect(calendar.isWorkingDay(window.dueDay)).toBe(true);
        expect(window.dueDay >= window.businessDay).toBe(true);
        expect(window.dueDay).toBe(calendar.nthWorkingDayAfter(window.businessDay, terms.settlementCycleDays));
        // No working day's cut-off strictly between the capture and the batch's close.
        for (
          let day = addDays(dayOf(capturedAt, terms.timeZone), -1);
          day < window.businessDay;
          day = addDays(day, 1)
        ) {
          if (!calendar.isWorkingDay(day)) continue;
          const cutoff = zonedInstant(day, terms.cutoffTime, terms.timeZone).getTime();
          expect(cutoff > capturedAt.getTime() && cutoff < window.closesAt.getTime()).toBe(false);
        }
        // The last instant before the close is in the batch; the close itself starts the next one.
        expect(batchWindowOf(terms, new Date(window.closesAt.getTime() - 1)).businessDay).toBe(window.businessDay);
        expect(batchWindowOf(terms, window.closesAt).businessDay > window.businessDay).toBe(true);
      }),
      propertyRuns(400, 4000),
    );
  });

  it('agrees with batchWindowsBetween: the batch is the first whose cut-off comes after the capture', () => {
    fc.assert(
      fc.property(termsArb, instantArb, (terms, capturedAt) => {
        const window = batchWindowOf(terms, capturedAt);
        const day = dayOf(capturedAt, terms.timeZone);
        const windows = batchWindowsBetween(terms, addDays(day, -10), window.businessDay);
        const first = windows.find((w) => w.closesAt.getTime() > capturedAt.getTime());
        expect(first && plain(first)).toEqual(plain(window));
        expect(plain(windows[windows.length - 1])).toEqual(plain(window));
      }),
      propertyRuns(200, 2000),
    );
  });

  it('orders due days as it orders captures: a later capture never settles earlier', () => {
    fc.assert(
      fc.property(termsArb, instantArb, instantArb, (terms, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(expectedSettlementDay(terms, early) <= expectedSettlementDay(terms, late)).toBe(true);
        expect(batchWindowOf(terms, early).closesAt.getTime()).toBeLessThanOrEqual(
          batchWindowOf(terms, late).closesAt.getTime(),
        );
      }),
      propertyRuns(200, 2000),
    );
  });
});
