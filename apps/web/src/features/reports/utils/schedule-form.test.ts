import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import type { ReportScheduleRecord } from '@mbo/contracts/report-schedules';
import {
  newScheduleValues,
  scheduleValuesOf,
  toScheduleRequest,
  validateSchedule,
  type ScheduleFormValues,
} from './schedule-form';

/** The English words of the `reports` namespace (the test i18n has every namespace loaded). */
const t = i18n.getFixedT('en', 'reports');

const valid = (patch: Partial<ScheduleFormValues> = {}): ScheduleFormValues => ({
  ...newScheduleValues('PAYMENTS', 'Europe/Amsterdam', 'u_1'),
  name: 'Daily payments',
  ...patch,
});

describe('the schedule form', () => {
  it('starts daily at 08:00 in the given zone, sent to the user', () => {
    expect(newScheduleValues('REFUNDS', 'Asia/Singapore', 'u_9')).toMatchObject({
      type: 'REFUNDS',
      format: 'CSV',
      frequency: 'DAILY',
      time: '08:00',
      timeZone: 'Asia/Singapore',
      recipientIds: ['u_9'],
    });
    expect(validateSchedule(valid(), t)).toEqual({});
  });

  it.each<[string, Partial<ScheduleFormValues>, Record<string, string>]>([
    ['no name', { name: '   ' }, { name: 'Name the schedule, like "Daily payments".' }],
    ['a name too long', { name: 'x'.repeat(81) }, { name: 'A name has at most 80 characters.' }],
    ['time 25:00', { time: '25:00' }, { time: 'Enter a time from 00:00 to 23:59, like 08:00.' }],
    ['time 8', { time: '8' }, { time: 'Enter a time from 00:00 to 23:59, like 08:00.' }],
    ['time 07:60', { time: '07:60' }, { time: 'Enter a time from 00:00 to 23:59, like 08:00.' }],
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, { timeZone: 'Choose a time zone.' }],
    ['no recipient', { recipientIds: [] }, { recipientIds: 'Choose at least one recipient.' }],
    [
      '21 recipients',
      { recipientIds: Array.from({ length: 21 }, (_, i) => `u_${i}`) },
      { recipientIds: 'Choose at most 20 recipients.' },
    ],
    ['no column', { columns: [] }, { columns: 'Choose at least one column.' }],
    [
      'weekly without a weekday',
      { frequency: 'WEEKLY', dayOfWeek: undefined },
      { dayOfWeek: 'Choose the weekday it runs on.' },
    ],
    [
      'monthly on day 32',
      { frequency: 'MONTHLY', dayOfMonth: 32 },
      { dayOfMonth: 'Choose a day of the month from 1 to 31.' },
    ],
  ])('refuses %s, naming the field', (_what, patch, errors) => {
    expect(validateSchedule(valid(patch), t)).toEqual(errors);
  });

  it('sends the list filters in the API shape, and only the day the frequency uses', () => {
    const body = toScheduleRequest(
      valid({
        name: ' Weekly refunds ',
        type: 'REFUNDS',
        format: 'XLSX',
        filters: { status: ['FAILED'], currency: 'JPY', amountMin: '500', q: 'PY1' },
        columns: ['refundId'],
        frequency: 'WEEKLY',
        dayOfWeek: 5,
        dayOfMonth: 12,
        time: ' 07:30 ',
      }),
    );
    expect(body).toEqual({
      name: 'Weekly refunds',
      type: 'REFUNDS',
      format: 'XLSX',
      filters: { status: ['FAILED'], currency: 'JPY', amountMin: 500, keyword: 'PY1' },
      columns: ['refundId'],
      frequency: 'WEEKLY',
      dayOfWeek: 5,
      time: '07:30',
      timeZone: 'Europe/Amsterdam',
      recipientIds: ['u_1'],
    });
  });

  it('reads a saved schedule back into the form, filters under the list names, and sends the same again', () => {
    const saved: ReportScheduleRecord = {
      scheduleId: 'RSC1',
      name: 'Monthly refunds',
      type: 'REFUNDS',
      format: 'CSV',
      filters: { status: ['FAILED'], currency: 'EUR', amountMin: 1250, keyword: 'PY1' },
      columns: [],
      frequency: 'MONTHLY',
      dayOfWeek: null,
      dayOfMonth: 31,
      time: '06:00',
      timeZone: 'UTC',
      recipients: [{ userId: 'u_1', name: 'Olivia Owner', email: 'owner@demo.test' }],
      status: 'ACTIVE',
      nextRunAt: '2026-12-31T06:00:00.000Z',
      lastRunAt: null,
      lastRunStatus: null,
      lastRunNote: null,
      lastExportId: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    const values = scheduleValuesOf(saved);
    expect(values.filters).toEqual({ status: ['FAILED'], currency: 'EUR', amountMin: '12.50', q: 'PY1' });
    expect(values.columns).toBeUndefined();
    expect(toScheduleRequest(values)).toMatchObject({ filters: saved.filters, frequency: 'MONTHLY', dayOfMonth: 31 });
  });
});
