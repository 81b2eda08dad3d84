-- Background work moves onto pg-boss (its own schema "pgboss", created with the migrations by
-- jobs/job-schema.ts). Exports:
-- - run_token: set when a run claims the export; every later write of that run is conditioned on it
--   (WHERE id = $1 AND run_token = $2), so a run that pg-boss has given up on (expired, or handed
--   back at shutdown) can never write over the run that replaced it. It replaces the heartbeat of
--   0006 and the stale re-queue that relied on it.
-- - storage_key: where the file lives in the file storage (lib/file-storage.ts), not a path on one
--   machine's disk, so any instance serves any file. Existing files keep their name under
--   DATA_DIR/exports, the local store's root.
-- - EXPIRED: the file was deleted after EXPORT_RETENTION_DAYS (the daily retention job).
ALTER TABLE "export_jobs" ADD COLUMN "run_token" text;
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "storage_key" text;
--> statement-breakpoint
UPDATE "export_jobs" SET "storage_key" = regexp_replace("file_path", '^.*/', '') WHERE "file_path" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "export_jobs" DROP COLUMN "file_path";
--> statement-breakpoint
ALTER TABLE "export_jobs" DROP COLUMN "heartbeat_at";
--> statement-breakpoint
-- Exports queued or running under the old runner get no job: they failed (the user exports again).
UPDATE "export_jobs" SET "status" = 'FAILED', "error" = 'The export could not be built. Please try again.', "finished_at" = now()
 WHERE "status" IN ('QUEUED', 'RUNNING');
--> statement-breakpoint
CREATE INDEX "export_jobs_finished_idx" ON "export_jobs" ("finished_at") WHERE "status" = 'SUCCESS';
--> statement-breakpoint
-- Mail: a send-mail job claims its outbox row (claim_token, committed) before it talks to SMTP, and
-- marks it sent after, with no transaction open in between (mail/mailer.ts).
ALTER TABLE "outbox_emails" ADD COLUMN "claim_token" text;
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "claimed_at" timestamp with time zone;
