import { describe, expect, it } from 'vitest';
import { dayInZone, formatInZone, instantOfWallClock, isTimeZone } from './zoned-time';

describe('formatInZone', () => {
  it('writes instants as wall-clock time of the chosen zone', () => {
    const at = new Date('2026-03-29T00:30:00Z');
    expect(formatInZone(at, 'UTC')).toBe('2026-03-29 00:30:00');
    expect(formatInZone(at, 'Europe/Amsterdam')).toBe('2026-03-29 01:30:00');
    expect(formatInZone('2026-03-29T01:30:00Z', 'Europe/Amsterdam')).toBe('2026-03-29 03:30:00'); // after the DST switch
    expect(formatInZone(at, 'Asia/Kolkata')).toBe('2026-03-29 06:00:00');
    expect(formatInZone(null, 'UTC')).toBe('');
    expect(formatInZone(new Date('2026-01-01T00:00:00Z'), 'America/New_York')).toBe('2025-12-31 19:00:00');
  });

  it('agrees with Intl for any instant and zone, DST changes included', () => {
    const intl = (ms: number, timeZone: string) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).format(new Date(ms));
    const zones = [
      'Europe/Amsterdam',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'America/Sao_Paulo',
      'UTC',
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 600; i++) {
      const ms = Date.UTC(2000, 0, 1) + Math.floor(random() * 30 * 365 * 86_400_000);
      for (const zone of zones) expect(formatInZone(new Date(ms), zone)).toBe(intl(ms, zone));
    }
    // Either side of real transitions (a second before and at the change).
    const changes: [string, string][] = [
      ['Europe/Amsterdam', '2026-03-29T01:00:00Z'],
      ['Europe/Amsterdam', '2026-10-25T01:00:00Z'],
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
    ];
    for (const [zone, at] of changes) {
      for (const delta of [-1000, 0, 1000])
        expect(formatInZone(new Date(Date.parse(at) + delta), zone)).toBe(intl(Date.parse(at) + delta, zone));
    }
  });

  it('writes the first and last instants a read range holds in any zone, local mean times to the second', () => {
    expect(formatInZone(new Date('0001-01-02T00:00:00.000Z'), 'Asia/Kolkata')).toBe('0001-01-02 05:53:28');
    expect(formatInZone(new Date('0001-01-02T00:00:00.000Z'), 'America/New_York')).toBe('0001-01-01 19:03:58');
    expect(formatInZone(new Date('0001-01-02T00:00:00.000Z'), 'Etc/GMT+12')).toBe('0001-01-01 12:00:00');
    expect(formatInZone(new Date('9999-12-30T23:59:59.999Z'), 'Pacific/Kiritimati')).toBe('9999-12-31 13:59:59');
    expect(formatInZone(new Date('9999-12-31T23:59:59.999Z'), 'Etc/GMT-14')).toBe('10000-01-01 13:59:59');
  });

  it('is exact either side of an offset change that is not on a quarter hour (Kolkata leaving its local mean time)', () => {
    const kolkata = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Kolkata',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const intl = (ms: number) => kolkata.format(new Date(ms));
    const offset = (ms: number) => Date.parse(`${intl(ms).replace(' ', 'T')}Z`) - ms;
    // Scan 1854 to 1943 a day at a time for offset changes, find each one's second, check either side.
    const STEP = 86_400_000;
    const offGrid: number[] = [];
    for (let ms = Date.UTC(1854, 0, 1); ms < Date.UTC(1943, 0, 1); ms += STEP) {
      if (offset(ms) === offset(ms + STEP)) continue;
      let [lo, hi] = [ms / 1000, (ms + STEP) / 1000];
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offset(mid * 1000) === offset(ms)) lo = mid;
        else hi = mid;
      }
      if ((hi * 1000) % (15 * 60_000) !== 0) offGrid.push(hi * 1000);
      for (const t of [
        ms,
        hi * 1000 - 60_000,
        hi * 1000 - 1000,
        hi * 1000 - 1,
        hi * 1000,
        hi * 1000 + 1000,
        ms + STEP,
      ]) {
        expect(formatInZone(new Date(t), 'Asia/Kolkata')).toBe(intl(t));
      }
    }
    expect(offGrid.length).toBeGreaterThan(0);
  });

  it('writes nothing for no instant or an invalid one, and refuses an unknown zone', () => {
    expect(formatInZone('not a date', 'UTC')).toBe('');
    expect(formatInZone(new Date(Number.NaN), 'UTC')).toBe('');
    expect(() => formatInZone(new Date(), 'Mars/Olympus_Mons')).toThrow(
      new RangeError('Unknown time zone "Mars/Olympus_Mons": expected an IANA zone such as Europe/Berlin.'),
    );
  });
});

describe('zone names, days and wall clocks', () => {
  it('knows IANA zones and nothing that merely looks like an offset', () => {
    expect(isTimeZone('Asia/Singapore')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus_Mons', 'Foo+05', '', 42, null]) expect(isTimeZone(bad)).toBe(false);
  });

  it('gives the calendar day of an instant in a zone', () => {
    expect(dayInZone(new Date('2026-12-31T10:59:59Z'), 'Pacific/Auckland')).toBe('2026-12-31');
    expect(dayInZone(new Date('2026-12-31T11:00:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
    expect(() => dayInZone(new Date(Number.NaN), 'UTC')).toThrow('Invalid instant');
  });

  it('finds the instant of a wall clock: the first of a repeated time, the jump for a skipped one', () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    expect(instantOfWallClock(wall('2026-10-25T02:30:00'), 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(instantOfWallClock(wall('2026-03-29T02:30:00'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // Lord Howe moves by half an hour, at 02:00 local both ways.
    expect(instantOfWallClock(wall('2026-10-04T02:15:00'), 'Australia/Lord_Howe').toISOString()).toBe(
      '2026-10-03T15:30:00.000Z',
    );
    expect(instantOfWallClock(wall('2026-04-05T01:45:00'), 'Australia/Lord_Howe').toISOString()).toBe(
      '2026-04-04T14:45:00.000Z',
    );
  });
});
