import { describe, expect, it } from 'vitest';
import {
  dayRangeOf,
  exportFilters,
  exportTypesFor,
  formatBytes,
  rangeProblem,
  TYPE_LABEL,
  timeZoneOptions,
  toCreateExportRequest,
} from './export-form';

const NOW = new Date('2026-05-14T10:00:00Z');

describe('export form', () => {
  it('turns the payments list link into the create call', () => {
    const body = toCreateExportRequest(
      {
        type: 'PAYMENTS',
        from: '2026-03-01',
        to: '2026-03-31',
        status: ['FAILED', 'NOPE'],
        currency: 'EUR',
        amountMin: '10.5',
        country: 'nl',
        q: 'PAY1',
        methodType: 'CARD',
        method: 'VISA',
        format: 'XLSX',
      },
      ['paymentId', 'amount'],
      'Europe/Amsterdam',
      'Europe/Amsterdam',
      NOW,
    );
    expect(body).toEqual({
      type: 'PAYMENTS',
      format: 'XLSX',
      timeZone: 'Europe/Amsterdam',
      createdFrom: '2026-02-28T23:00:00.000Z',
      createdTo: '2026-03-31T21:59:59.999Z',
      filters: {
        status: ['FAILED'],
        payMethodType: 'CARD',
        payMethodName: 'VISA',
        currency: 'EUR',
        amountMin: 1050,
        country: 'NL',
        keyword: 'PAY1',
      },
      columns: ['paymentId', 'amount'],
    });
  });

  it('keeps only the filters a refunds export has, and defaults type, format, zone and range', () => {
    expect(
      exportFilters(
        { status: ['PROCESSING', 'PENDING'], country: 'NL', method: 'VISA', currency: 'JPY', amountMax: '500' },
        'REFUNDS',
      ),
    ).toEqual({
      status: ['PROCESSING'],
      currency: 'JPY',
      amountMax: 500,
    });
    const body = toCreateExportRequest({ tz: 'Not/AZone' }, [], 'Asia/Singapore', 'Asia/Singapore', NOW);
    expect(body).toMatchObject({
      type: 'PAYMENTS',
      format: 'CSV',
      timeZone: 'Asia/Singapore',
      filters: {},
      columns: [],
    });
    expect(dayRangeOf({}, 'Asia/Singapore', NOW)).toEqual({ from: '2026-04-15', to: '2026-05-14' });
  });

  it('offers the agreements export to users with the agreements menu, and reads its filters from the agreements list link', () => {
    expect(exportTypesFor(['/transactions/payments', '/transactions/reports'])).not.toContain('AGREEMENTS');
    expect(exportTypesFor(['/transactions/payments', '/subscription/agreements'])).toEqual(['PAYMENTS', 'AGREEMENTS']);
    expect(TYPE_LABEL.AGREEMENTS).toBe('Subscription agreements');
    const body = toCreateExportRequest(
      {
        type: 'AGREEMENTS',
        from: '2026-03-01',
        to: '2026-03-31',
        status: ['PAST_DUE', 'SUCCESS'],
        country: 'sg',
        methodType: 'CARD',
        method: 'VISA',
        q: 'kim',
        nextFrom: '2026-04-01',
      },
      ['agreementId', 'status'],
      'Asia/Singapore',
      'Asia/Singapore',
      NOW,
    );
    // The export type (`type`) is never taken for the method type.
    expect(body).toMatchObject({
      type: 'AGREEMENTS',
      filters: { status: ['PAST_DUE'], country: 'SG', payMethodType: 'CARD', payMethodName: 'VISA', keyword: 'kim' },
    });
  });

  it('refuses reversed ranges and ranges over a year', () => {
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('startAfterEnd');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe('tooLong');
  });

  it('lists IANA zones and formats sizes', () => {
    const zones = timeZoneOptions('Europe/Amsterdam').map((z) => z.value);
    expect(zones).toContain('Europe/Amsterdam');
    expect(zones).toContain('UTC');
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(6_600_000)).toBe('6.3 MB');
  });
});
