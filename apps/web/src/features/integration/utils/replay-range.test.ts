import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { lastHours, replayRangeError, wallTimeToIso } from './replay-range';

const t = i18n.getFixedT('en', 'integration');

describe('the replay range', () => {
  it('reads a picked time in the merchant zone', () => {
    expect(wallTimeToIso('2026-05-14T09:30', 'Asia/Singapore')).toBe('2026-05-14T01:30:00.000Z');
    expect(wallTimeToIso('2026-05-14 09:30:15', 'UTC')).toBe('2026-05-14T09:30:15.000Z');
    // New York is on daylight time in July (UTC-4), standard time in January (UTC-5).
    expect(wallTimeToIso('2026-07-01T12:00', 'America/New_York')).toBe('2026-07-01T16:00:00.000Z');
    expect(wallTimeToIso('2026-01-01T12:00', 'America/New_York')).toBe('2026-01-01T17:00:00.000Z');
    expect(wallTimeToIso('yesterday', 'UTC')).toBeNull();
  });

  it('needs both ends, the end after the start, at most 31 days, not in the future', () => {
    const now = new Date('2026-05-14T00:00:00.000Z');
    expect(replayRangeError(null, '2026-05-13T00:00:00.000Z', t, now)).toMatch(/starts and ends/);
    expect(replayRangeError('2026-05-13T00:00:00.000Z', '2026-05-13T00:00:00.000Z', t, now)).toMatch(/after the start/);
    expect(replayRangeError('2026-04-01T00:00:00.000Z', '2026-05-02T00:00:01.000Z', t, now)).toMatch(/at most 31 days/);
    expect(replayRangeError('2026-04-01T00:00:00.000Z', '2026-05-02T00:00:00.000Z', t, now)).toBeNull();
    expect(replayRangeError('2026-05-15T00:00:00.000Z', '2026-05-16T00:00:00.000Z', t, now)).toMatch(/future/);
  });

  it('offers the last hours up to now', () => {
    const now = new Date('2026-05-14T12:00:00.000Z');
    expect(lastHours(24, now)).toEqual({
      createdFrom: '2026-05-13T12:00:00.000Z',
      createdTo: '2026-05-14T12:00:00.000Z',
    });
  });
});
