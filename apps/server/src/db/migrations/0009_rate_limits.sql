-- Request counters of plugins/rate-limit.ts, shared by every server instance: one row per limit and
-- key (e.g. 'login-ip:203.0.113.9'), a fixed window that ends at expires_at. One atomic upsert per hit.
-- UNLOGGED: counters need no WAL (no fsync per API call); a crash of the server empties the table,
-- which only restarts the windows.
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limits" (
  "key" text PRIMARY KEY NOT NULL,
  "count" integer NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_expires_idx" ON "rate_limits" ("expires_at");
