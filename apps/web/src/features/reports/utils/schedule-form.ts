/**
 * The "Schedule report" drawer's values, their checks (the server's rules, said before the call) and the create /
 * update call's body. The filters are held as the export form holds them (the exported list's URL names), so the
 * same controls edit them; a saved schedule's API filters are read back into that shape to edit it.
 */
import type { TFunction } from 'i18next';
import { formatAmount, isSupportedCurrency } from '@mbo/contracts/money';
import {
  REPORT_SCHEDULE_MAX_RECIPIENTS,
  REPORT_SCHEDULE_NAME_MAX,
  type ReportScheduleFrequency,
  type ReportScheduleRecord,
  type SaveReportScheduleRequest,
} from '@mbo/contracts/report-schedules';
import type { ExportFormat, ReportCentreType } from '@mbo/contracts/reports';
import type { ListDefinition } from '@mbo/contracts/lists/list-definition';
import { isValidTimeZone } from '@/lib/zone-formatters';
import { EXPORT_LISTS, exportFilters, type ExportFormValues } from './export-form';

export interface ScheduleFormValues {
  name: string;
  type: ReportCentreType;
  format: ExportFormat;
  /** The exported list's filters under its URL names (the export form's shape). */
  filters: ExportFormValues;
  /** Chosen column keys; undefined: the type's defaults. */
  columns: string[] | undefined;
  frequency: ReportScheduleFrequency;
  /** ISO weekday, 1 Monday … 7 Sunday (weekly). */
  dayOfWeek: number | undefined;
  /** 1 to 31 (monthly). */
  dayOfMonth: number | undefined;
  /** 'HH:MM', 24 h. */
  time: string;
  timeZone: string;
  recipientIds: string[];
}

export type ScheduleField = 'name' | 'columns' | 'dayOfWeek' | 'dayOfMonth' | 'time' | 'timeZone' | 'recipientIds';
export type ScheduleFormErrors = Partial<Record<ScheduleField, string>>;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A new schedule: daily at 08:00 in the user's zone, to the user. */
export function newScheduleValues(
  type: ReportCentreType,
  timeZone: string,
  selfId: string | undefined,
): ScheduleFormValues {
  return {
    name: '',
    type,
    format: 'CSV',
    filters: {},
    columns: undefined,
    frequency: 'DAILY',
    dayOfWeek: 1,
    dayOfMonth: 1,
    time: '08:00',
    timeZone,
    recipientIds: selfId ? [selfId] : [],
  };
}

/** What the user must fix before the call, by field (empty when nothing); `t` is the `reports` namespace's. */
export function validateSchedule(v: ScheduleFormValues, t: TFunction): ScheduleFormErrors {
  const errors: ScheduleFormErrors = {};
  const m = (key: string, values?: Record<string, unknown>) => t(`validation.${key}`, values);
  const name = v.name.trim();
  if (!name) errors.name = m('nameRequired');
  else if (name.length > REPORT_SCHEDULE_NAME_MAX) errors.name = m('nameTooLong', { max: REPORT_SCHEDULE_NAME_MAX });
  if (v.columns !== undefined && v.columns.length === 0) errors.columns = m('noColumn');
  if (v.frequency === 'WEEKLY' && !(Number.isInteger(v.dayOfWeek) && v.dayOfWeek! >= 1 && v.dayOfWeek! <= 7))
    errors.dayOfWeek = m('weekday');
  if (v.frequency === 'MONTHLY' && !(Number.isInteger(v.dayOfMonth) && v.dayOfMonth! >= 1 && v.dayOfMonth! <= 31))
    errors.dayOfMonth = m('monthDay');
  if (!TIME_PATTERN.test(v.time.trim())) errors.time = m('time');
  if (!isValidTimeZone(v.timeZone)) errors.timeZone = m('timeZone');
  if (v.recipientIds.length === 0) errors.recipientIds = m('noRecipient');
  else if (v.recipientIds.length > REPORT_SCHEDULE_MAX_RECIPIENTS)
    errors.recipientIds = m('tooManyRecipients', { max: REPORT_SCHEDULE_MAX_RECIPIENTS });
  return errors;
}

/** "Monday" / "周一" (ISO weekday 1 to 7); `t` is the `reports` namespace's. */
export const weekdayLabel = (day: number, t: TFunction) => t(`frequency.weekday.${day}`);

/** "1st" / "1日". */
export const monthDayLabel = (day: number, t: TFunction) => t('frequency.day', { count: day, ordinal: true });

/** "Every Monday at 08:00", "Monthly on the 31st at 06:00 (the last day in shorter months)". */
export function describeFrequency(
  s: { frequency: ReportScheduleFrequency; dayOfWeek?: number | null; dayOfMonth?: number | null; time: string },
  t: TFunction,
): string {
  if (s.frequency === 'WEEKLY') return t('frequency.weekly', { day: weekdayLabel(s.dayOfWeek ?? 1, t), time: s.time });
  if (s.frequency === 'MONTHLY') {
    const day = s.dayOfMonth ?? 1;
    return t(day > 28 ? 'frequency.monthlyClamp' : 'frequency.monthly', { day: monthDayLabel(day, t), time: s.time });
  }
  return t('frequency.daily', { time: s.time });
}

/** The create call's body (the update call adds the id). */
export function toScheduleRequest(v: ScheduleFormValues): SaveReportScheduleRequest {
  return {
    name: v.name.trim(),
    type: v.type,
    format: v.format,
    filters: exportFilters(v.filters, v.type),
    columns: v.columns ?? [],
    frequency: v.frequency,
    ...(v.frequency === 'WEEKLY' ? { dayOfWeek: v.dayOfWeek } : {}),
    ...(v.frequency === 'MONTHLY' ? { dayOfMonth: v.dayOfMonth } : {}),
    time: v.time.trim(),
    timeZone: v.timeZone,
    recipientIds: v.recipientIds,
  };
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** A list's API filters (as a schedule keeps them) back under the list's URL names, for its filter controls. */
export function urlFiltersOf(def: Pick<ListDefinition, 'filters'>, api: Record<string, unknown>): ExportFormValues {
  const out: Record<string, string | string[] | undefined> = {};
  const currency = asText(api.currency);
  // Amounts without a currency are read with 2 decimals (lib/amount-filter.ts): written back the same way.
  const major = (minor: unknown) =>
    typeof minor === 'number' && Number.isSafeInteger(minor) && minor >= 0
      ? formatAmount(minor, currency && isSupportedCurrency(currency) ? currency : 'EUR')
      : undefined;
  for (const f of def.filters) {
    switch (f.type) {
      case 'search':
        if (asText(api.keyword)) out[f.urlKey] = asText(api.keyword);
        break;
      case 'statusSet': {
        const list = api[f.apiKey ?? 'status'];
        if (Array.isArray(list)) out[f.urlKey] = list.filter((s): s is string => typeof s === 'string');
        break;
      }
      case 'currency':
        if (currency) out[f.urlKey] = currency;
        break;
      case 'amountRange':
        if (major(api.amountMin) !== undefined) out[f.minKey] = major(api.amountMin);
        if (major(api.amountMax) !== undefined) out[f.maxKey] = major(api.amountMax);
        break;
      case 'option':
        if (asText(api[f.apiKey])) out[f.urlKey] = asText(api[f.apiKey]);
        break;
      case 'dateRange':
        break;
    }
  }
  return out as ExportFormValues;
}

/** A saved schedule as the drawer edits it. */
export function scheduleValuesOf(s: ReportScheduleRecord): ScheduleFormValues {
  return {
    name: s.name,
    type: s.type,
    format: s.format,
    filters: urlFiltersOf(EXPORT_LISTS[s.type], s.filters),
    columns: s.columns.length ? s.columns : undefined,
    frequency: s.frequency,
    dayOfWeek: s.dayOfWeek ?? 1,
    dayOfMonth: s.dayOfMonth ?? 1,
    time: s.time,
    timeZone: s.timeZone,
    recipientIds: s.recipients.map((r) => r.userId),
  };
}
