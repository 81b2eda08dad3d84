/**
 * The report centre's "New export" form as it sits in the URL: the payments and refunds lists link
 * here with their own filter names (`?type=PAYMENTS&from=…&status=…`), so the form reads those names,
 * and every change is written back (a reload keeps the form). This turns them into the
 * CreateExportRequest: days → instants in the merchant's zone, amounts → minor units.
 */
import { EXPORT_TYPE_LABELS } from '@mbo/contracts/code-labels';
import { LIST_MENUS, type ListDefinition } from '@mbo/contracts/lists/list-definition';
import { browserTimeZone, isValidTimeZone } from '@/lib/zone-formatters';
import { PAYMENTS_LIST } from '@mbo/contracts/lists/payments-list';
import { BALANCE_TRANSACTIONS_LIST } from '@mbo/contracts/lists/balance-transactions-list';
import { DISPUTES_LIST } from '@mbo/contracts/lists/disputes-list';
import { REFUNDS_LIST } from '@mbo/contracts/lists/refunds-list';
import { SETTLEMENTS_LIST } from '@mbo/contracts/lists/settlements-list';
import { WITHDRAWALS_LIST } from '@mbo/contracts/lists/withdrawals-list';
import { PAYOUT_BATCHES_LIST, PAYOUTS_LIST } from '@mbo/contracts/lists/payouts-list';
import { AGREEMENTS_LIST } from '@mbo/contracts/lists/agreements-list';
import {
  EXPORT_FORMATS,
  EXPORT_MAX_RANGE_DAYS,
  REPORT_CENTRE_TYPES,
  type CreateExportRequest,
  type ExportFormat,
  type ExportType,
  type ReportCentreType,
} from '@mbo/contracts/reports';
import { toApiFilters, urlSpecOf } from '@/components/list/list-request';
import type { UrlFilterSpec, UrlFilterValues } from '@/lib/use-url-filters';
import { addDays, dayRangeToIso, presetRange } from '@/lib/zoned-date';

/** The list each export type exports: its filters (and their URL names) are the form's. */
export const EXPORT_LISTS: Record<ReportCentreType, ListDefinition> = {
  PAYMENTS: PAYMENTS_LIST,
  REFUNDS: REFUNDS_LIST,
  DISPUTES: DISPUTES_LIST,
  BALANCE_TRANSACTIONS: BALANCE_TRANSACTIONS_LIST,
  SETTLEMENTS: SETTLEMENTS_LIST,
  WITHDRAWALS: WITHDRAWALS_LIST,
  PAYOUTS: PAYOUTS_LIST,
  PAYOUT_BATCHES: PAYOUT_BATCHES_LIST,
  AGREEMENTS: AGREEMENTS_LIST,
};

/** The form's own keys and every filter of the exported lists, under the lists' URL names (their Export links). */
export const EXPORT_FORM_SPEC: UrlFilterSpec = {
  type: 'string',
  format: 'string',
  tz: 'string',
  ...urlSpecOf(PAYMENTS_LIST.filters),
  ...urlSpecOf(REFUNDS_LIST.filters),
  ...urlSpecOf(DISPUTES_LIST.filters),
  ...urlSpecOf(BALANCE_TRANSACTIONS_LIST.filters),
  ...urlSpecOf(SETTLEMENTS_LIST.filters),
  ...urlSpecOf(WITHDRAWALS_LIST.filters),
  ...urlSpecOf(PAYOUTS_LIST.filters),
  ...urlSpecOf(PAYOUT_BATCHES_LIST.filters),
  ...urlSpecOf(AGREEMENTS_LIST.filters),
};

export type ExportFormValues = UrlFilterValues<UrlFilterSpec> & {
  type?: string;
  format?: string;
  tz?: string;
  from?: string;
  to?: string;
};

export const TYPE_LABEL: Readonly<Record<ExportType, string>> = EXPORT_TYPE_LABELS;

/** The default range when the link brought none: the last 30 days. */
export const DEFAULT_RANGE_DAYS = 30;

/**
 * The types the user may export: those whose list they see (a card merchant's payments, a payout
 * merchant's payouts), in the report centre's order. The server checks the same (an export type's menu).
 */
export function exportTypesFor(authUrls: readonly string[]): ReportCentreType[] {
  return REPORT_CENTRE_TYPES.filter((t) => authUrls.includes(LIST_MENUS[EXPORT_LISTS[t].key]));
}

/** The form's type: the URL's when the user may export it, else the first they may. */
export function exportTypeOf(
  values: ExportFormValues,
  offered: readonly ReportCentreType[] = REPORT_CENTRE_TYPES,
): ReportCentreType {
  return (offered as readonly string[]).includes(values.type ?? '')
    ? (values.type as ReportCentreType)
    : (offered[0] ?? 'PAYMENTS');
}

export function exportFormatOf(values: ExportFormValues): ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(values.format ?? '') ? (values.format as ExportFormat) : 'CSV';
}

/** The zone the export writes times in: the form's, else the user's, else the browser's. */
export function exportTimeZoneOf(values: ExportFormValues, userZone: string | null | undefined): string {
  if (isValidTimeZone(values.tz)) return values.tz;
  if (isValidTimeZone(userZone)) return userZone;
  return browserTimeZone();
}

/** The day range of the form, the last 30 days when the URL has none. */
export function dayRangeOf(
  values: ExportFormValues,
  merchantZone: string | null | undefined,
  now = new Date(),
): { from: string; to: string } {
  const fallback = presetRange(DEFAULT_RANGE_DAYS, merchantZone, now);
  return {
    from: values.from ?? (values.to ? addDays(values.to, -(DEFAULT_RANGE_DAYS - 1)) : fallback.from),
    to: values.to ?? fallback.to,
  };
}

/** Why the range cannot be exported (its key under reports:form), or null. */
export function rangeProblem(range: { from: string; to: string }): 'startAfterEnd' | 'tooLong' | null {
  if (range.from > range.to) return 'startAfterEnd';
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  if (days > EXPORT_MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/** The type's filters of the form, in the API's shape (PaymentFilters / RefundFilters without dates). */
export function exportFilters(values: ExportFormValues, type: ReportCentreType): Record<string, unknown> {
  return toApiFilters(EXPORT_LISTS[type], values, null, ['dateRange']);
}

/** The whole form → the create call's body. */
export function toCreateExportRequest(
  values: ExportFormValues,
  columns: string[],
  merchantZone: string | null | undefined,
  userZone: string | null | undefined,
  now = new Date(),
): CreateExportRequest {
  const type = exportTypeOf(values);
  const { createdFrom, createdTo } = dayRangeToIso(dayRangeOf(values, merchantZone, now), merchantZone);
  return {
    type,
    format: exportFormatOf(values),
    timeZone: exportTimeZoneOf(values, userZone),
    createdFrom: createdFrom as string,
    createdTo: createdTo as string,
    filters: exportFilters(values, type),
    columns,
  };
}

/** Every IANA zone the browser knows, the chosen one included even when it does not list it. */
export function timeZoneOptions(current: string): { value: string; label: string }[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes(current) ? zones : [current, ...zones];
  if (!all.includes('UTC')) all.unshift('UTC');
  return all.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** "1.2 MB" for a byte count. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
