-- The heartbeat of a running export build (build-export-job.ts writes it at its claim and with each progress
-- write): an instance killed mid-build leaves its export RUNNING and its pg-boss job active until the job
-- expires, so reports.recover-exports queues again an export whose heartbeat stopped. Nullable, no default:
-- adding it takes no table rewrite.
ALTER TABLE export_jobs ADD COLUMN heartbeat_at timestamptz;
--> statement-breakpoint
-- MIGRATE_ON_START=false: a starting instance checks, as the server's role, that the release step applied
-- every migration it ships, by reading the migrations journal (db/migrate.ts); mbo_app may read it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
    GRANT USAGE ON SCHEMA drizzle TO mbo_app;
    GRANT SELECT ON drizzle.__drizzle_migrations TO mbo_app;
  END IF;
END $$;
