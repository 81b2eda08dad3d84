import { z } from 'zod';
import { EXPORT_FORMATS, REPORT_CENTRE_TYPES } from './reports';
import { ianaTimeZone } from './reports-schemas';
import {
  REPORT_SCHEDULE_FREQUENCIES,
  REPORT_SCHEDULE_MAX_RECIPIENTS,
  REPORT_SCHEDULE_NAME_MAX,
  REPORT_SCHEDULE_RUN_STATUSES,
  REPORT_SCHEDULE_STATUSES,
} from './report-schedules';

const scheduleId = z.string().min(1, 'is required').max(64);

/**
 * A schedule as the create and update calls take it. Filters and columns follow the report centre's create call
 * (the export type checks them); a run's date range is the period before it (REPORT_SCHEDULE_PERIODS), so the
 * schedule holds none. A weekly schedule names its weekday (ISO: 1 Monday … 7 Sunday), a monthly one its day of
 * the month (29 to 31 run on the last day of a shorter month); the other one is ignored.
 */
const scheduleFields = {
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(REPORT_SCHEDULE_NAME_MAX, `must be at most ${REPORT_SCHEDULE_NAME_MAX} characters`),
  type: z.enum(REPORT_CENTRE_TYPES),
  format: z.enum(EXPORT_FORMATS),
  filters: z.record(z.string(), z.unknown()).default({}),
  columns: z.array(z.string().max(64)).max(50).default([]),
  frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES),
  dayOfWeek: z.number().int().min(1).max(7).nullish(),
  dayOfMonth: z.number().int().min(1).max(31).nullish(),
  /** The local time of the run in timeZone, 24 h. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM from 00:00 to 23:59'),
  /** IANA zone of the time, of the run's period and of the times in the file. */
  timeZone: ianaTimeZone,
  /** Team members of the merchant who may read the report (the recipients call lists them). */
  recipientIds: z
    .array(z.uuid('must be user ids'))
    .min(1, 'must name at least one recipient')
    .max(REPORT_SCHEDULE_MAX_RECIPIENTS, `must name at most ${REPORT_SCHEDULE_MAX_RECIPIENTS} recipients`),
};

type Fields = { frequency: string; dayOfWeek?: number | null; dayOfMonth?: number | null };
function dayRequired(s: Fields, ctx: z.RefinementCtx) {
  if (s.frequency === 'WEEKLY' && (s.dayOfWeek === undefined || s.dayOfWeek === null))
    ctx.addIssue({ code: 'custom', path: ['dayOfWeek'], message: 'is required for a weekly schedule' });
  if (s.frequency === 'MONTHLY' && (s.dayOfMonth === undefined || s.dayOfMonth === null))
    ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'is required for a monthly schedule' });
}

export const reportScheduleInputSchema = z.object(scheduleFields);
export const saveReportScheduleRequest = reportScheduleInputSchema.superRefine(dayRequired);
/** Replaces the schedule's settings; its next run is worked out again from now. */
export const updateReportScheduleRequest = z.object({ scheduleId, ...scheduleFields }).superRefine(dayRequired);

export const reportScheduleIdRequest = z.object({ scheduleId });

export const listReportSchedulesRequest = z.object({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const reportScheduleRecipientsRequest = z.object({ type: z.enum(REPORT_CENTRE_TYPES) });

export const reportScheduleRecipientSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** Null for a recipient who is no longer a member of the team (the schedule still names them until edited). */
  email: z.string().nullable(),
});

/**
 * What a run's outcome was, as a code and its values (the web words it in the reader's language):
 * - SENT: mailed to `sentCount` recipients; `skipped` holds the address of each recipient left out because they no
 *   longer may read the report (null: a former member whose address is gone);
 * - EXPORT_FAILED: the export could not be built, so nobody was sent it;
 * - EXPORT_REFUSED: the export did not start, its saved settings being no longer accepted (`field` names the
 *   setting refused, e.g. `filters.status`, when known);
 * - CREATOR_NO_ACCESS: skipped, the creator no longer having access to the report (nothing built or sent).
 */
export const reportScheduleRunNoteSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('SENT'),
    values: z.object({ sentCount: z.number().int().min(0), skipped: z.array(z.string().nullable()) }),
  }),
  z.object({ code: z.literal('EXPORT_FAILED'), values: z.object({}) }),
  z.object({ code: z.literal('EXPORT_REFUSED'), values: z.object({ field: z.string().nullable() }) }),
  z.object({ code: z.literal('CREATOR_NO_ACCESS'), values: z.object({}) }),
]);

export const reportScheduleRecordSchema = z.object({
  scheduleId: z.string(),
  name: z.string(),
  type: z.enum(REPORT_CENTRE_TYPES),
  format: z.enum(EXPORT_FORMATS),
  filters: z.record(z.string(), z.unknown()),
  columns: z.array(z.string()),
  frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES),
  dayOfWeek: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  time: z.string(),
  timeZone: z.string(),
  recipients: z.array(reportScheduleRecipientSchema),
  status: z.enum(REPORT_SCHEDULE_STATUSES),
  /** The next run (ISO 8601, UTC); null while paused. */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastRunStatus: z.enum(REPORT_SCHEDULE_RUN_STATUSES).nullable(),
  /** What happened, as a code and its values (sent to 2 recipients, 1 skipped: no longer has access). */
  lastRunNote: reportScheduleRunNoteSchema.nullable(),
  /** The export the last run built, once it has one. */
  lastExportId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const reportSchedulePageSchema = z.object({ total: z.number(), records: z.array(reportScheduleRecordSchema) });
export const reportScheduleRecipientsSchema = z.object({ records: z.array(reportScheduleRecipientSchema) });
