import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { AppError } from './app-error';
import {
  dayInZone,
  dayRangeConditions,
  rangeConditions,
  rangeDays,
  readDateRange,
  readRequiredDateRange,
} from './date-range';

const dialect = new PgDialect();
const render = (parts: ReturnType<typeof rangeConditions>) => dialect.sqlToQuery(sql.join(parts, sql` AND `));

/** Every zone the runtime knows, and the two extremes of today's offsets (UTC−12, UTC+14). */
const ZONES = [...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/GMT+12', 'Etc/GMT-14', 'Pacific/Kiritimati'];

describe('readDateRange: the one reader of list and export ranges', () => {
  it('reads ISO instants with any offset: the instant for JavaScript, the text as given for PostgreSQL (to the microsecond)', () => {
    const range = readDateRange('2026-01-01T00:00:00+02:00', '2026-01-31T23:59:59.999999Z');
    expect(range.from?.at.toISOString()).toBe('2025-12-31T22:00:00.000Z');
    expect(range.from?.text).toBe('2026-01-01T00:00:00+02:00');
    expect(range.to?.at.toISOString()).toBe('2026-01-31T23:59:59.999Z');
    expect(range.to?.text).toBe('2026-01-31T23:59:59.999999Z');
    expect(readDateRange(undefined, undefined)).toEqual({});
    expect(readDateRange('2026-01-01T00:00:00Z', undefined)).toEqual({
      from: { at: new Date('2026-01-01T00:00:00Z'), text: '2026-01-01T00:00:00Z' },
    });
  });

  it('clamps the first and the last accepted instants a day inside the years 1 and 9999, keeping the order', () => {
    const range = readDateRange('0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z');
    expect(range.from).toEqual({ at: new Date('0001-01-02T00:00:00.000Z'), text: '0001-01-02T00:00:00.000Z' });
    expect(range.to).toEqual({ at: new Date('9999-12-30T23:59:59.999Z'), text: '9999-12-30T23:59:59.999Z' });
    const late = readDateRange('9999-12-31T00:00:00Z', '9999-12-31T23:59:59.999Z');
    expect(late.from!.at.getTime()).toBeLessThanOrEqual(late.to!.at.getTime());
    // An offset that keeps the instant inside is kept as written.
    expect(readDateRange('0001-01-02T10:00:00+10:00', undefined).from?.text).toBe('0001-01-02T10:00:00+10:00');
  });

  it('refuses year 0, year 10000 and non-dates as a bad input naming the field (001000B001), never a database error', () => {
    for (const [value, field] of [
      ['0000-12-31T23:59:59.999Z', 'dueFrom'],
      ['+010000-01-01T00:00:00Z', 'dueTo'],
      ['yesterday', 'dueFrom'],
    ] as const) {
      const read = () =>
        readDateRange(field === 'dueFrom' ? value : undefined, field === 'dueTo' ? value : undefined, {
          from: 'dueFrom',
          to: 'dueTo',
        });
      expect(read).toThrow(AppError);
      try {
        read();
      } catch (err) {
        expect((err as AppError).code).toBe('001000B001');
        expect((err as AppError).message).toBe(
          `Invalid request: ${field} must be a date-time between the years 1 and 9999.`,
        );
        expect((err as AppError).data).toEqual({
          fields: [{ field, message: 'must be a date-time between the years 1 and 9999' }],
        });
      }
    }
    expect(() => readRequiredDateRange('', '2026-01-01T00:00:00Z')).toThrow('Invalid request: createdFrom ');
  });

  it('keeps every bound within the years 1 to 9999 as a day of every time zone (UTC−12 to UTC+14, and the old local mean times)', () => {
    const { from, to } = readRequiredDateRange('0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z');
    for (const zone of ZONES) {
      const days = rangeDays({ from, to }, zone);
      expect(days.from, zone).toMatch(/^0001-01-0[12]$/);
      expect(days.to, zone).toMatch(/^9999-12-3[01]$/);
    }
    expect(rangeDays({ from, to }, 'Etc/GMT+12')).toEqual({ from: '0001-01-01', to: '9999-12-30' });
    expect(rangeDays({ from, to }, 'Etc/GMT-14')).toEqual({ from: '0001-01-02', to: '9999-12-31' });
  });

  it('gives the calendar day of an instant in a zone, across midnight and daylight saving', () => {
    expect(dayInZone(new Date('2026-06-30T18:29:00Z'), 'Asia/Kolkata')).toBe('2026-06-30');
    expect(dayInZone(new Date('2026-06-30T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-07-01');
    expect(dayInZone(new Date('2026-03-09T06:59:59Z'), 'America/Los_Angeles')).toBe('2026-03-08');
    expect(dayInZone(new Date('2026-03-09T07:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
    expect(dayInZone(new Date('2026-12-31T11:00:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
  });

  it('writes the conditions with timestamptz and date parameters inside the years 1 to 9999', () => {
    const range = readDateRange('9999-12-31T00:00:00Z', '9999-12-31T23:59:59.999Z');
    expect(render(rangeConditions(sql`created_at`, range))).toMatchObject({
      sql: 'created_at >= $1::timestamptz AND created_at <= $2::timestamptz',
      params: ['9999-12-30T23:59:59.999Z', '9999-12-30T23:59:59.999Z'],
    });
    // The settlement list's days in Europe/Amsterdam: never "+010000-01" (year 10000).
    expect(render(dayRangeConditions(sql`s.settlement_day`, range, 'Europe/Amsterdam'))).toMatchObject({
      sql: 's.settlement_day >= $1::date AND s.settlement_day <= $2::date',
      params: ['9999-12-31', '9999-12-31'],
    });
    expect(rangeConditions(sql`created_at`, {})).toEqual([]);
  });
});
