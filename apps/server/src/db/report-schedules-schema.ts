import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchants, users } from './schema';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Migration 0033: scheduled reports (modules/report-schedules). A schedule repeats one report-centre export of its
 * creator (type, format, the type's filters and columns) daily, weekly or monthly at a local time of an IANA zone,
 * and mails its recipients (team members of the merchant) a link to the export's download page.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Whose export each run makes: their access is checked at every run. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** CSV or XLSX. */
    format: text('format').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    columns: text('columns').array().notNull(),
    /** DAILY, WEEKLY (day_of_week, ISO 1 Monday … 7 Sunday) or MONTHLY (day_of_month, clamped to the month's end). */
    frequency: text('frequency').notNull(),
    dayOfWeek: smallint('day_of_week'),
    dayOfMonth: smallint('day_of_month'),
    /** 'HH:MM' in time_zone. */
    timeOfDay: text('time_of_day').notNull(),
    timeZone: text('time_zone').notNull(),
    recipientIds: uuid('recipient_ids').array().notNull(),
    /** ACTIVE or PAUSED. */
    status: text('status').notNull(),
    /** The next run; null while paused. */
    nextRunAt: at('next_run_at'),
    lastRunAt: at('last_run_at'),
    lastRunId: text('last_run_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.status} = 'ACTIVE'`),
    index('report_schedules_owner_idx').on(t.merchantId, t.createdBy, t.createdAt.desc()),
  ],
);

/**
 * One run of a schedule per period: (schedule_id, period_start) is unique, so two instances ticking at once, or a
 * tick again after a crash, never run a period twice. period_start is the instant the period's run was due.
 */
export const reportScheduleRuns = pgTable(
  'report_schedule_runs',
  {
    id: text('id').primaryKey(),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    merchantId: text('merchant_id').notNull(),
    periodStart: at('period_start').notNull(),
    /** RUNNING, SENT, SKIPPED, FAILED. */
    status: text('status').notNull(),
    exportId: text('export_id'),
    /** Who was mailed, and who was left out because they no longer may read the report. */
    sentTo: uuid('sent_to')
      .array()
      .notNull()
      .default(sql`'{}'`),
    skipped: uuid('skipped')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * Migration 0035: the run's outcome as a code and its values (contracts' reportScheduleRunNoteSchema): the web
     * words it in the reader's language.
     */
    noteCode: text('note_code'),
    noteValues: jsonb('note_values').$type<Record<string, unknown>>(),
    /**
     * The English sentence the releases before migration 0035 wrote (it turned them into codes): kept for the previous
     * release's instances during a rolling deploy; neither written nor read any more.
     */
    note: text('note'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('report_schedule_runs_period_uq').on(t.scheduleId, t.periodStart),
    index('report_schedule_runs_running_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'RUNNING'`),
  ],
);
