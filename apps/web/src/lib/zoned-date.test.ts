import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInZone,
  dayRangeToIso,
  endOfDayIso,
  matchingPreset,
  presetRange,
  startOfDayIso,
  zoneOffsetMinutes,
  zonedWallTimeMs,
} from './zoned-date';

describe('zoned dates', () => {
  it('knows the offset of a zone at an instant, DST included', () => {
    expect(zoneOffsetMinutes('Asia/Singapore', new Date('2026-03-01T00:00:00Z'))).toBe(480);
    expect(zoneOffsetMinutes('Europe/Amsterdam', new Date('2026-01-15T00:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes('Europe/Amsterdam', new Date('2026-07-15T00:00:00Z'))).toBe(120);
    expect(zoneOffsetMinutes('America/New_York', new Date('2026-01-15T00:00:00Z'))).toBe(-300);
  });

  it('turns a calendar day in a zone into its first and last instant', () => {
    expect(startOfDayIso('2026-03-01', 'Asia/Singapore')).toBe('2026-02-28T16:00:00.000Z');
    expect(endOfDayIso('2026-03-01', 'Asia/Singapore')).toBe('2026-03-01T15:59:59.999Z');
    // The day DST starts in Amsterdam is 23 hours long.
    expect(startOfDayIso('2026-03-29', 'Europe/Amsterdam')).toBe('2026-03-28T23:00:00.000Z');
    expect(endOfDayIso('2026-03-29', 'Europe/Amsterdam')).toBe('2026-03-29T21:59:59.999Z');
    expect(dayRangeToIso({ to: '2026-03-01' }, 'UTC')).toEqual({ createdTo: '2026-03-01T23:59:59.999Z' });
  });

  it('counts presets in the zone, today included', () => {
    const now = new Date('2026-03-01T20:00:00Z'); // already 2 March in Singapore
    expect(dayInZone('Asia/Singapore', now)).toBe('2026-03-02');
    expect(presetRange(1, 'Asia/Singapore', now)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(presetRange(7, 'Asia/Singapore', now)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(matchingPreset({ from: '2026-02-24', to: '2026-03-02' }, 'Asia/Singapore', now)?.label).toBe('7 days');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('finds the instant of a wall-clock time either side of a DST change', () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    expect(new Date(zonedWallTimeMs(wall('2026-03-29T01:59:00'), 'Europe/Amsterdam')).toISOString()).toBe(
      '2026-03-29T00:59:00.000Z',
    );
    expect(new Date(zonedWallTimeMs(wall('2026-03-29T03:00:00'), 'Europe/Amsterdam')).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(new Date(zonedWallTimeMs(wall('2026-11-01T12:00:00'), 'America/New_York')).toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
    expect(zoneOffsetMinutes('Asia/Kathmandu', new Date('2026-01-01T00:00:00Z'))).toBe(345);
  });
});
