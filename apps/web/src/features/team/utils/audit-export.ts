/**
 * The export of the audit log (report centre type AUDIT_LOG, made from the audit log tab rather than
 * the report centre's form): the tab's filters, and the date range an export needs.
 */
import { AUDIT_LOG_LIST } from '@mbo/contracts/lists/audit-log-list';
import { EXPORT_MAX_RANGE_DAYS, type CreateExportRequest, type ExportFormat } from '@mbo/contracts/reports';
import type { AuditLogFilters } from '@mbo/contracts/team';
import { toApiFilters, type ListUrlValues } from '@/components/list/list-request';
import { dayRangeToIso } from '@/lib/zoned-date';

const DAY_MS = 86_400_000;
/** Without a start day, an export covers the year up to its end. */
const DEFAULT_SPAN_MS = 365 * DAY_MS;
const MAX_SPAN_MS = EXPORT_MAX_RANGE_DAYS * DAY_MS;

/** Why the tab cannot be exported: keys under team:export. */
export const EXPORT_RANGE_TOO_LONG = 'rangeTooLong';
export const EXPORT_RANGE_REVERSED = 'rangeReversed';

export type AuditExportRange = { createdFrom: string; createdTo: string; problem?: undefined } | { problem: string };

/**
 * The instants an export of the tab covers: the date filter's days in the merchant's zone; without
 * an end, up to now; without a start, the year before the end.
 */
export function auditExportRange(
  values: ListUrlValues,
  timeZone: string | null | undefined,
  now = new Date(),
): AuditExportRange {
  const day = (key: string | undefined) => {
    const v = key ? values[key] : undefined;
    return typeof v === 'string' ? v : undefined;
  };
  const dates = AUDIT_LOG_LIST.filters.find((f) => f.type === 'dateRange');
  const range = dayRangeToIso({ from: day(dates?.fromKey), to: day(dates?.toKey) }, timeZone);
  const to = range.createdTo ? Date.parse(range.createdTo) : now.getTime();
  const from = range.createdFrom ? Date.parse(range.createdFrom) : to - DEFAULT_SPAN_MS;
  if (from > to) return { problem: EXPORT_RANGE_REVERSED };
  if (to - from > MAX_SPAN_MS) return { problem: EXPORT_RANGE_TOO_LONG };
  return { createdFrom: new Date(from).toISOString(), createdTo: new Date(to).toISOString() };
}

/** The create call's body for the tab's filters (the date range apart), or the reason there is none. */
export function auditExportRequest(
  values: ListUrlValues,
  merchantZone: string | null | undefined,
  exportZone: string,
  format: ExportFormat,
  now = new Date(),
): { request: CreateExportRequest; problem?: undefined } | { problem: string } {
  const range = auditExportRange(values, merchantZone, now);
  if (range.problem !== undefined) return { problem: range.problem };
  const filters = toApiFilters(AUDIT_LOG_LIST, values, merchantZone, ['dateRange']) as AuditLogFilters;
  return {
    request: {
      type: 'AUDIT_LOG',
      format,
      timeZone: exportZone,
      createdFrom: range.createdFrom,
      createdTo: range.createdTo,
      filters,
      columns: [],
    },
  };
}
