/**
 * Scheduled reports (the report centre's Schedules tab): an export of the report centre made again every day, week
 * or month at a time of a chosen zone, whose download page is mailed to team members who may read it. Schemas:
 * report-schedules-schemas.ts (request types inferred from them, type-only).
 */
import type { z } from 'zod';
import type {
  reportScheduleIdRequest,
  reportScheduleInputSchema,
  reportScheduleRecordSchema,
  reportScheduleRecipientSchema,
  reportScheduleRecipientsRequest,
  reportScheduleRunNoteSchema,
  listReportSchedulesRequest,
  saveReportScheduleRequest,
  updateReportScheduleRequest,
} from './report-schedules-schemas';

export const REPORT_SCHEDULE_PATHS = {
  list: '/report/web/v1/schedule/list',
  create: '/report/web/v1/schedule/create',
  update: '/report/web/v1/schedule/update',
  pause: '/report/web/v1/schedule/pause',
  resume: '/report/web/v1/schedule/resume',
  delete: '/report/web/v1/schedule/delete',
  /** The team members who may receive a report of a type (the form's recipients picker). */
  recipients: '/report/web/v1/schedule/recipients',
} as const;

export const REPORT_SCHEDULE_ERRORS = {
  /** Another merchant's or another user's schedule, or an id that is no schedule. */
  NOT_FOUND: '012001B043',
  /** The user has REPORT_SCHEDULES_PER_USER schedules in the merchant already. */
  TOO_MANY: '012001B044',
} as const;

/** At most this many schedules per user and merchant. */
export const REPORT_SCHEDULES_PER_USER = 25;
/** At most this many recipients per schedule. */
export const REPORT_SCHEDULE_MAX_RECIPIENTS = 20;
export const REPORT_SCHEDULE_NAME_MAX = 80;

export const REPORT_SCHEDULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ReportScheduleFrequency = (typeof REPORT_SCHEDULE_FREQUENCIES)[number];
export const REPORT_SCHEDULE_FREQUENCY_LABELS: Readonly<Record<ReportScheduleFrequency, string>> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
};

export const REPORT_SCHEDULE_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type ReportScheduleStatus = (typeof REPORT_SCHEDULE_STATUSES)[number];
export const REPORT_SCHEDULE_STATUS_LABELS: Readonly<Record<ReportScheduleStatus, string>> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
};

/**
 * A run: RUNNING while its export is built; SENT once the recipients who still may read it were mailed; SKIPPED
 * when the creator had lost access to the report (nothing built, nobody mailed); FAILED when the export failed.
 */
export const REPORT_SCHEDULE_RUN_STATUSES = ['RUNNING', 'SENT', 'SKIPPED', 'FAILED'] as const;
export type ReportScheduleRunStatus = (typeof REPORT_SCHEDULE_RUN_STATUSES)[number];
export const REPORT_SCHEDULE_RUN_STATUS_LABELS: Readonly<Record<ReportScheduleRunStatus, string>> = {
  RUNNING: 'Building',
  SENT: 'Sent',
  SKIPPED: 'Skipped',
  FAILED: 'Failed',
};

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** An ISO weekday (1 Monday … 7 Sunday) in words. */
export function weekdayName(day: number): string {
  return WEEKDAY_NAMES[day - 1] ?? `Day ${day}`;
}

/** "1st", "2nd", "23rd", "31st". */
export function ordinalDay(day: number): string {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * A schedule's frequency in words: "Every day at 08:00", "Every Monday at 07:30", "Monthly on the 31st at 06:00
 * (the last day in shorter months)".
 */
export function describeFrequency(s: {
  frequency: ReportScheduleFrequency;
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
  time: string;
}): string {
  if (s.frequency === 'WEEKLY') return `Every ${weekdayName(s.dayOfWeek ?? 1)} at ${s.time}`;
  if (s.frequency === 'MONTHLY') {
    const day = s.dayOfMonth ?? 1;
    const clamp = day > 28 ? ' (the last day in shorter months)' : '';
    return `Monthly on the ${ordinalDay(day)} at ${s.time}${clamp}`;
  }
  return `Every day at ${s.time}`;
}

/** What a run's report covers, in the schedule's zone. */
export const REPORT_SCHEDULE_PERIODS: Readonly<Record<ReportScheduleFrequency, string>> = {
  DAILY: 'the day before the run',
  WEEKLY: 'the 7 days before the run',
  MONTHLY: 'the calendar month before the run',
};

/** What the create and update calls take (filters and columns as the report centre's create call). */
export type ReportScheduleInput = z.input<typeof reportScheduleInputSchema>;
export type SaveReportScheduleRequest = z.input<typeof saveReportScheduleRequest>;
export type SaveReportScheduleQuery = z.output<typeof saveReportScheduleRequest>;
export type UpdateReportScheduleRequest = z.input<typeof updateReportScheduleRequest>;
export type UpdateReportScheduleQuery = z.output<typeof updateReportScheduleRequest>;
export type ReportScheduleIdRequest = z.infer<typeof reportScheduleIdRequest>;
export type ListReportSchedulesRequest = z.input<typeof listReportSchedulesRequest>;
export type ReportScheduleRecipientsRequest = z.infer<typeof reportScheduleRecipientsRequest>;

export type ReportScheduleRecord = z.infer<typeof reportScheduleRecordSchema>;
export type ReportScheduleRecipient = z.infer<typeof reportScheduleRecipientSchema>;
export type ReportScheduleRunNote = z.infer<typeof reportScheduleRunNoteSchema>;
export type ReportScheduleRunNoteCode = ReportScheduleRunNote['code'];
