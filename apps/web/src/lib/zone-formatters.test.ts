import { describe, expect, it } from 'vitest';
import { dateTimeFormat, isValidTimeZone, validZone, wallClock } from './zone-formatters';

describe('zone formatters', () => {
  it('tells known IANA zones from anything else', () => {
    expect(isValidTimeZone('Asia/Singapore')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(null)).toBe(false);
  });

  it('formats in the given zone, UTC for an unknown one', () => {
    expect(validZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(validZone('Mars/Olympus')).toBe('UTC');
    expect(validZone(undefined)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  });

  it('builds each formatter once and reuses it', () => {
    const options = { timeZone: 'Asia/Singapore', hour: 'numeric', hourCycle: 'h23' } as const;
    const first = dateTimeFormat('en', options);
    expect(dateTimeFormat('en', { ...options })).toBe(first);
    expect(dateTimeFormat('en', { ...options, timeZone: 'UTC' })).not.toBe(first);
    expect(first.format(new Date('2026-05-14T01:00:00Z'))).toMatch(/^0?9$/);
  });

  it('reads the wall clock of an instant in a zone, two digits a field, midnight as 00', () => {
    expect(wallClock('Asia/Kathmandu', new Date('2026-05-13T18:15:07Z'))).toEqual({
      year: '2026',
      month: '05',
      day: '14',
      hour: '00',
      minute: '00',
      second: '07',
    });
    expect(wallClock('Mars/Olympus', new Date('2026-05-13T18:15:07Z'))).toMatchObject({ day: '13', hour: '18' });
  });
});
