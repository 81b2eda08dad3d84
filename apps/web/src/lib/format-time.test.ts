import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatZonedDateTime,
  greetingFor,
  hourInTimeZone,
  timeZoneLabel,
  timeZoneOffsetLabel,
} from './format-time';

describe('formatDateTime', () => {
  it('shows the instant in the given zone', () => {
    expect(formatDateTime('2026-03-01T01:02:03.000Z', 'Asia/Singapore')).toBe('2026-03-01 09:02:03');
    expect(formatDateTime('2026-03-01T01:02:03.000Z', 'UTC')).toBe('2026-03-01 01:02:03');
    expect(formatDateTime('2026-03-01T23:30:00.000Z', 'America/New_York')).toBe('2026-03-01 18:30:00');
  });

  it('falls back to UTC for an unknown zone and keeps a non-date as it is', () => {
    expect(formatDateTime('2026-03-01T01:02:03.000Z', 'Mars/Olympus')).toBe('2026-03-01 01:02:03');
    expect(formatDateTime('yesterday', 'UTC')).toBe('yesterday');
  });
});

describe('formatZonedDateTime', () => {
  it('names the offset of the zone at that instant, summer or winter', () => {
    expect(formatZonedDateTime('2026-03-01T01:02:03.000Z', 'Asia/Singapore')).toBe('2026-03-01 09:02:03 GMT+08:00');
    expect(formatZonedDateTime('2026-01-15T12:00:00.000Z', 'Europe/Amsterdam')).toBe('2026-01-15 13:00:00 GMT+01:00');
    expect(formatZonedDateTime('2026-07-15T12:00:00.000Z', 'Europe/Amsterdam')).toBe('2026-07-15 14:00:00 GMT+02:00');
    expect(formatZonedDateTime('2026-03-01T23:30:00.000Z', 'America/New_York')).toBe('2026-03-01 18:30:00 GMT-05:00');
  });

  it('can leave out the seconds, and keeps a non-date as it is', () => {
    expect(formatZonedDateTime('2026-03-01T01:02:03.000Z', 'Asia/Kolkata', 'minute')).toBe(
      '2026-03-01 06:32 GMT+05:30',
    );
    expect(formatZonedDateTime('2026-03-01T01:02:03.000Z', 'Mars/Olympus')).toBe('2026-03-01 01:02:03 GMT+00:00');
    expect(formatZonedDateTime('yesterday', 'UTC')).toBe('yesterday');
  });
});

describe('timeZoneLabel', () => {
  it('names the zone with its offset', () => {
    expect(timeZoneLabel('Asia/Singapore')).toBe('Asia/Singapore (GMT+08:00)');
    expect(timeZoneLabel('UTC')).toBe('UTC (GMT+00:00)');
  });

  it('writes offsets west of UTC and in half hours', () => {
    expect(timeZoneLabel('America/Sao_Paulo')).toBe('America/Sao_Paulo (GMT-03:00)');
    expect(timeZoneLabel('Asia/Kolkata')).toBe('Asia/Kolkata (GMT+05:30)');
    expect(timeZoneLabel('Mars/Olympus')).toBe('UTC (GMT+00:00)');
  });

  it('gives the offset alone for where the name does not fit', () => {
    expect(timeZoneOffsetLabel('Asia/Kolkata')).toBe('GMT+05:30');
    expect(timeZoneOffsetLabel('America/Sao_Paulo')).toBe('GMT-03:00');
  });
});

describe('greeting', () => {
  it('follows the hour of day', () => {
    expect(greetingFor(6)).toBe('Good morning');
    expect(greetingFor(11)).toBe('Good morning');
    expect(greetingFor(12)).toBe('Good afternoon');
    expect(greetingFor(17)).toBe('Good afternoon');
    expect(greetingFor(18)).toBe('Good evening');
    expect(greetingFor(2)).toBe('Good evening');
  });

  it('reads the hour in the user zone', () => {
    const instant = new Date('2026-03-01T01:30:00.000Z');
    expect(hourInTimeZone('Asia/Singapore', instant)).toBe(9);
    expect(hourInTimeZone('UTC', instant)).toBe(1);
    expect(hourInTimeZone('America/New_York', instant)).toBe(20);
  });
});
