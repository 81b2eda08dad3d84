-- A scheduled report run's outcome as a code and its values instead of an English sentence: the web words it in
-- the reader's language. note_code: SENT, EXPORT_FAILED, EXPORT_REFUSED or CREATOR_NO_ACCESS; note_values: its
-- values (SENT: sentCount and skipped, the address of each recipient left out, null for one whose user is gone;
-- EXPORT_REFUSED: field). Nullable columns without a default: no table rewrite.
ALTER TABLE "report_schedule_runs" ADD COLUMN "note_code" text;
--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD COLUMN "note_values" jsonb;
--> statement-breakpoint
-- The runs noted so far, from the sentences the previous release wrote (a few rows per schedule). "note" stays
-- for the previous release's instances during a rolling deploy; this release no longer writes or reads it.
UPDATE "report_schedule_runs" r
   SET "note_code" = CASE
         WHEN r."note" LIKE 'Sent to %' THEN 'SENT'
         WHEN r."note" LIKE 'The export could not be built%' THEN 'EXPORT_FAILED'
         WHEN r."note" LIKE 'The export could not be started%' THEN 'EXPORT_REFUSED'
         WHEN r."note" LIKE 'Skipped: the creator %' THEN 'CREATOR_NO_ACCESS'
       END,
       "note_values" = CASE
         WHEN r."note" LIKE 'Sent to %' THEN jsonb_build_object(
           'sentCount', cardinality(r."sent_to"),
           'skipped', COALESCE(
             (SELECT jsonb_agg(u."email" ORDER BY s.n)
                FROM unnest(r."skipped") WITH ORDINALITY AS s(id, n)
                LEFT JOIN "users" u ON u."id" = s.id),
             '[]'::jsonb))
         WHEN r."note" LIKE 'The export could not be started%' THEN jsonb_build_object(
           'field', substring(r."note" from '^The export could not be started: Invalid request: ([A-Za-z0-9_.]+) '))
         ELSE '{}'::jsonb
       END
 WHERE r."note" IS NOT NULL AND r."note_code" IS NULL;
--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD CONSTRAINT "report_schedule_runs_note_code"
  CHECK ("note_code" IN ('SENT', 'EXPORT_FAILED', 'EXPORT_REFUSED', 'CREATOR_NO_ACCESS')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "report_schedule_runs" VALIDATE CONSTRAINT "report_schedule_runs_note_code";
