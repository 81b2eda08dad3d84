-- Scheduled reports (issue 29, modules/report-schedules): a schedule repeats one report-centre export of its
-- creator daily, weekly or monthly at a local time of an IANA zone, and mails its recipients a link to the
-- export's download page. Each run is a row keyed by (schedule_id, period_start): two instances ticking at once,
-- or a tick after a crash, never run one period twice.
CREATE TABLE IF NOT EXISTS "report_schedules" (
  "id" text PRIMARY KEY,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "created_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "type" text NOT NULL,
  "format" text NOT NULL CHECK ("format" IN ('CSV', 'XLSX')),
  "filters" jsonb NOT NULL,
  "columns" text[] NOT NULL,
  "frequency" text NOT NULL CHECK ("frequency" IN ('DAILY', 'WEEKLY', 'MONTHLY')),
  "day_of_week" smallint CHECK ("day_of_week" BETWEEN 1 AND 7),
  "day_of_month" smallint CHECK ("day_of_month" BETWEEN 1 AND 31),
  "time_of_day" text NOT NULL CHECK ("time_of_day" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  "time_zone" text NOT NULL,
  "recipient_ids" uuid[] NOT NULL,
  "status" text NOT NULL CHECK ("status" IN ('ACTIVE', 'PAUSED')),
  -- Null while paused; an active schedule always has its next run.
  "next_run_at" timestamp with time zone,
  "last_run_at" timestamp with time zone,
  "last_run_id" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CHECK ("status" <> 'ACTIVE' OR "next_run_at" IS NOT NULL),
  CHECK ("frequency" <> 'WEEKLY' OR "day_of_week" IS NOT NULL),
  CHECK ("frequency" <> 'MONTHLY' OR "day_of_month" IS NOT NULL)
);
--> statement-breakpoint
-- The tick's question: the active schedules due by now, oldest first.
CREATE INDEX IF NOT EXISTS "report_schedules_due_idx" ON "report_schedules" ("next_run_at") WHERE "status" = 'ACTIVE';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_schedules_owner_idx" ON "report_schedules" ("merchant_id", "created_by", "created_at" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_schedule_runs" (
  "id" text PRIMARY KEY,
  "schedule_id" text NOT NULL REFERENCES "report_schedules"("id") ON DELETE CASCADE,
  "merchant_id" text NOT NULL,
  -- The instant the period's run was due (the schedule's local time that day).
  "period_start" timestamp with time zone NOT NULL,
  "status" text NOT NULL CHECK ("status" IN ('RUNNING', 'SENT', 'SKIPPED', 'FAILED')),
  "export_id" text,
  "sent_to" uuid[] DEFAULT '{}' NOT NULL,
  "skipped" uuid[] DEFAULT '{}' NOT NULL,
  "note" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "report_schedule_runs_period_uq" ON "report_schedule_runs" ("schedule_id", "period_start");
--> statement-breakpoint
-- The delivery's question: the runs whose export is being built.
CREATE INDEX IF NOT EXISTS "report_schedule_runs_running_idx" ON "report_schedule_runs" ("created_at") WHERE "status" = 'RUNNING';
--> statement-breakpoint
-- The export a run makes names its schedule, and the recipients it was mailed to may open it. Nullable, and a
-- constant default: adding them takes no table rewrite.
ALTER TABLE "export_jobs" ADD COLUMN IF NOT EXISTS "schedule_id" text;
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN IF NOT EXISTS "reader_ids" uuid[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- "One unfinished export per user" holds for the exports a person starts, not for scheduled ones (a user's
-- schedules may fall due at the same minute). Dropped and made again in this transaction, so no export is ever
-- written without the rule.
DROP INDEX IF EXISTS "export_jobs_one_open_per_user_uq";
--> statement-breakpoint
-- migrate-lint: allow index-not-concurrent (export_jobs holds one row per export a person asked for, a few thousand at most, and the index covers only the unfinished ones: the build takes milliseconds, and a concurrent build could not replace the unique index in one transaction)
CREATE UNIQUE INDEX "export_jobs_one_open_per_user_uq" ON "export_jobs" ("user_id") WHERE "status" IN ('QUEUED', 'RUNNING') AND "schedule_id" IS NULL;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON public.report_schedules, public.report_schedule_runs TO mbo_app;
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.report_schedules, public.report_schedule_runs FROM mbo_app;
  END IF;
END $$;
