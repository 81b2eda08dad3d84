import { describe, expect, it } from 'vitest';
import { auditExportRange, auditExportRequest, EXPORT_RANGE_REVERSED, EXPORT_RANGE_TOO_LONG } from './audit-export';

const NOW = new Date('2026-11-26T05:40:03.000Z');
const TZ = 'Asia/Singapore';

describe('audit log export', () => {
  it('covers the date filter in the merchant zone', () => {
    expect(auditExportRange({ from: '2026-11-01', to: '2026-11-30' }, TZ, NOW)).toEqual({
      createdFrom: '2026-10-31T16:00:00.000Z',
      createdTo: '2026-11-30T15:59:59.999Z',
    });
  });

  it('without dates covers the year up to now; without a start, the year up to the end', () => {
    expect(auditExportRange({}, TZ, NOW)).toEqual({
      createdFrom: '2025-11-26T05:40:03.000Z',
      createdTo: '2026-11-26T05:40:03.000Z',
    });
    expect(auditExportRange({ to: '2026-06-30' }, TZ, NOW)).toEqual({
      createdFrom: '2025-06-30T15:59:59.999Z',
      createdTo: '2026-06-30T15:59:59.999Z',
    });
    expect(auditExportRange({ from: '2026-11-01' }, TZ, NOW)).toEqual({
      createdFrom: '2026-10-31T16:00:00.000Z',
      createdTo: '2026-11-26T05:40:03.000Z',
    });
  });

  it('refuses a reversed range or one over a year', () => {
    expect(auditExportRange({ from: '2026-11-02', to: '2026-11-01' }, TZ, NOW)).toEqual({
      problem: EXPORT_RANGE_REVERSED,
    });
    expect(auditExportRange({ from: '2024-11-01' }, TZ, NOW)).toEqual({ problem: EXPORT_RANGE_TOO_LONG });
  });

  it('sends the tab filters, without the dates, as the export filters', () => {
    expect(
      auditExportRequest(
        { q: ' ana@ ', action: ['LOGIN', 'BOGUS'], outcome: ['FAILURE'], from: '2026-11-01', to: '2026-11-30' },
        TZ,
        'UTC',
        'CSV',
        NOW,
      ),
    ).toEqual({
      request: {
        type: 'AUDIT_LOG',
        format: 'CSV',
        timeZone: 'UTC',
        createdFrom: '2026-10-31T16:00:00.000Z',
        createdTo: '2026-11-30T15:59:59.999Z',
        filters: { keyword: 'ana@', action: ['LOGIN'], outcome: ['FAILURE'] },
        columns: [],
      },
    });
  });
});
