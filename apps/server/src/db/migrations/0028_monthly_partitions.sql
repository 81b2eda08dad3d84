-- Monthly partitions of the two append-only tables that grow with traffic: audit_log by created_at and
-- webhook_attempts by attempted_at (PostgreSQL declarative RANGE partitioning, one partition a month, UTC,
-- named <table>_pYYYY_MM, and <table>_default for a row outside every month made: far in the past or future).
-- Retention drops a whole month (DROP TABLE of a partition: no DELETE, no bloat, no vacuum) and a list that
-- filters on the time reads only its months. The primary key of a partitioned table must hold the partition
-- column: (id, created_at) and (id, attempted_at); ids stay unique by their sequence. No foreign key points at
-- either table; webhook_attempts keeps its own to webhook_deliveries (ON DELETE CASCADE), which PostgreSQL
-- allows from a partitioned table.
--
-- Here the existing tables are converted in this transaction: the old table is locked against writes (SHARE:
-- reads go on), renamed, the partitioned one created under the old name, the rows copied, the old table
-- dropped. That is right for the databases this runs on (new installs, the demo, small ones): a copy takes
-- the write lock for as long as it runs. On a big production table it is done online instead, by attaching
-- the old table as a partition rather than copying it:
--   1. CREATE UNIQUE INDEX CONCURRENTLY on the old table's (id, created_at), and add
--      CHECK (created_at < '<first of next month>') NOT VALID, then VALIDATE CONSTRAINT (no write lock held);
--   2. in one short transaction (lock_timeout, retried): rename the old table to audit_log_legacy, create the
--      partitioned audit_log with the partitions from next month on and the default one, and
--      ATTACH PARTITION audit_log_legacy FOR VALUES FROM (MINVALUE) TO ('<first of next month>'), which the
--      validated CHECK lets PostgreSQL accept without scanning the rows; the parent's indexes are created
--      ON ONLY the parent and the legacy table's matching ones (built CONCURRENTLY in step 1) attached with
--      ALTER INDEX … ATTACH PARTITION;
--   3. the legacy partition is dropped whole once its newest row is past the retention (or split by month
--      with the same detach / attach steps, if it must go earlier).
--
-- The daily partition jobs (modules/audit/audit-partitions-job.ts, modules/webhooks/attempt-partitions-job.ts)
-- call the functions below: they make the coming months ahead and drop the months past the retention. The
-- server's role mbo_app owns nothing, so the functions run as the owner (SECURITY DEFINER, search_path pinned
-- as the ledger's of 0007), and each refuses a retention below its floor: the application can never drop the
-- audit log's last twelve months (PCI DSS 10.5.1).
--
-- migrate-lint: this migration creates the two tables it indexes and constrains (rules on a table created in
-- the same file do not apply); its LOCK TABLE is the conversion's own (see above).

-- 1. The partition keeper: creates <parent>_pYYYY_MM for each month from from_month to this month + months_ahead
--    (UTC), unless the default partition holds rows of that month (the month then stays there: creating it would
--    fail), and drops the <parent>_pYYYY_MM whose month ends at or before drop_before. Says what it did.
CREATE OR REPLACE FUNCTION maintain_monthly_partitions(
  parent text, part_column text, from_month timestamptz, months_ahead integer, drop_before timestamptz
) RETURNS TABLE (action text, partition_name text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp SET lock_timeout = '1s' AS $$
DECLARE
  this_month timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  month_start timestamptz := date_trunc('month', from_month AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  month_end timestamptz;
  name text;
  crowded boolean;
  part record;
BEGIN
  WHILE month_start <= this_month + make_interval(months => months_ahead) LOOP
    month_end := month_start + interval '1 month';
    name := format('%s_p%s', parent, to_char(month_start AT TIME ZONE 'UTC', 'YYYY_MM'));
    IF month_end > drop_before AND to_regclass(format('public.%I', name)) IS NULL THEN
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I WHERE %I >= $1 AND %I < $2)', parent || '_default',
                     part_column, part_column)
        INTO crowded USING month_start, month_end;
      IF crowded THEN
        action := 'left in the default partition'; partition_name := name; RETURN NEXT;
      ELSE
        EXECUTE format('CREATE TABLE public.%I PARTITION OF public.%I FOR VALUES FROM (%L) TO (%L)',
                       name, parent, month_start, month_end);
        -- Reached through the parent only: the partition grants nothing of its own to the server's role.
        IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
          EXECUTE format('REVOKE ALL ON public.%I FROM mbo_app', name);
        END IF;
        action := 'created'; partition_name := name; RETURN NEXT;
      END IF;
    END IF;
    month_start := month_end;
  END LOOP;
  FOR part IN
    SELECT c.relname,
           make_timestamptz(substring(c.relname FROM '_p(\d{4})_\d{2}$')::int,
                            substring(c.relname FROM '_p\d{4}_(\d{2})$')::int, 1, 0, 0, 0, 'UTC') AS starts
      FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = format('public.%I', parent)::regclass
       AND c.relname ~ ('^' || parent || '_p\d{4}_\d{2}$')
     ORDER BY 2
  LOOP
    IF part.starts + interval '1 month' <= drop_before THEN
      EXECUTE format('DROP TABLE public.%I', part.relname);
      action := 'dropped'; partition_name := part.relname; RETURN NEXT;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION maintain_monthly_partitions(text, text, timestamptz, integer, timestamptz) FROM PUBLIC;
--> statement-breakpoint
-- What the audit module's daily job calls: months_ahead months made ahead, the months older than
-- retention_months before this one dropped. Never fewer than 12 months kept.
CREATE OR REPLACE FUNCTION audit_log_partitions(months_ahead integer, retention_months integer)
RETURNS TABLE (action text, partition_name text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  this_month timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
BEGIN
  IF retention_months IS NULL OR retention_months < 12 THEN
    RAISE EXCEPTION 'audit_log keeps at least 12 months (PCI DSS 10.5.1), not %', retention_months;
  END IF;
  IF months_ahead IS NULL OR months_ahead NOT BETWEEN 0 AND 24 THEN
    RAISE EXCEPTION 'months_ahead must be between 0 and 24, not %', months_ahead;
  END IF;
  RETURN QUERY SELECT * FROM maintain_monthly_partitions('audit_log', 'created_at', this_month, months_ahead,
                                                          this_month - make_interval(months => retention_months));
END $$;
--> statement-breakpoint
-- What the webhooks module's daily job calls: a month's attempts are dropped once all of it is older than
-- retention_days (at least 1).
CREATE OR REPLACE FUNCTION webhook_attempts_partitions(months_ahead integer, retention_days integer)
RETURNS TABLE (action text, partition_name text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  this_month timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
BEGIN
  IF retention_days IS NULL OR retention_days < 1 THEN
    RAISE EXCEPTION 'webhook_attempts keeps at least 1 day, not %', retention_days;
  END IF;
  IF months_ahead IS NULL OR months_ahead NOT BETWEEN 0 AND 24 THEN
    RAISE EXCEPTION 'months_ahead must be between 0 and 24, not %', months_ahead;
  END IF;
  RETURN QUERY SELECT * FROM maintain_monthly_partitions('webhook_attempts', 'attempted_at', this_month,
                                                          months_ahead, now() - make_interval(days => retention_days));
END $$;
--> statement-breakpoint
-- 2. audit_log. migrate-lint: allow lock-table (the conversion's copy: writes wait, reads go on)
LOCK TABLE audit_log IN SHARE MODE;
--> statement-breakpoint
ALTER TABLE audit_log RENAME TO audit_log_unpartitioned;
--> statement-breakpoint
ALTER INDEX audit_log_pkey RENAME TO audit_log_unpartitioned_pkey;
--> statement-breakpoint
ALTER INDEX audit_log_merchant_idx RENAME TO audit_log_unpartitioned_merchant_idx;
--> statement-breakpoint
ALTER INDEX audit_log_merchant_action_idx RENAME TO audit_log_unpartitioned_merchant_action_idx;
--> statement-breakpoint
ALTER INDEX audit_log_merchant_actor_idx RENAME TO audit_log_unpartitioned_merchant_actor_idx;
--> statement-breakpoint
ALTER INDEX audit_log_merchant_target_idx RENAME TO audit_log_unpartitioned_merchant_target_idx;
--> statement-breakpoint
ALTER INDEX audit_log_merchant_email_idx RENAME TO audit_log_unpartitioned_merchant_email_idx;
--> statement-breakpoint
ALTER INDEX audit_log_merchant_failure_idx RENAME TO audit_log_unpartitioned_merchant_failure_idx;
--> statement-breakpoint
-- The id keeps its sequence (and its next value): it outlives the old table.
ALTER SEQUENCE audit_log_id_seq OWNED BY NONE;
--> statement-breakpoint
CREATE TABLE audit_log (
  "id" bigint DEFAULT nextval('audit_log_id_seq') NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_user_id" uuid,
  "actor_email" text,
  "merchant_id" text,
  "action" text NOT NULL,
  "outcome" text NOT NULL,
  "ip" text,
  "target_type" text,
  "target_id" text,
  "detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
  CONSTRAINT audit_log_pkey PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
ALTER SEQUENCE audit_log_id_seq OWNED BY audit_log.id;
--> statement-breakpoint
CREATE TABLE audit_log_default PARTITION OF audit_log DEFAULT;
--> statement-breakpoint
-- The list's indexes (0000, 0023), on the parent: each partition gets its own.
CREATE INDEX audit_log_merchant_idx ON audit_log ("merchant_id", "created_at");
--> statement-breakpoint
CREATE INDEX audit_log_merchant_action_idx ON audit_log ("merchant_id", "action", "created_at");
--> statement-breakpoint
CREATE INDEX audit_log_merchant_actor_idx ON audit_log ("merchant_id", "actor_user_id", "created_at");
--> statement-breakpoint
CREATE INDEX audit_log_merchant_target_idx ON audit_log ("merchant_id", "target_id");
--> statement-breakpoint
CREATE INDEX audit_log_merchant_email_idx ON audit_log ("merchant_id", lower("actor_email") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX audit_log_merchant_failure_idx ON audit_log ("merchant_id", "created_at") WHERE "outcome" = 'FAILURE';
--> statement-breakpoint
-- Append-only as before (0001): the triggers of a partitioned table apply to every partition.
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- The months the old rows fall in, and at least the 13 months back of the default retention (rows written with an
-- earlier time, as the demo data's, land in their month), up to three months ahead; then the rows.
SELECT count(*) FROM maintain_monthly_partitions('audit_log', 'created_at',
  LEAST(now() - interval '13 months', (SELECT min(created_at) FROM audit_log_unpartitioned)), 3, '-infinity');
--> statement-breakpoint
INSERT INTO audit_log SELECT * FROM audit_log_unpartitioned;
--> statement-breakpoint
DROP TABLE audit_log_unpartitioned;
--> statement-breakpoint
-- 3. webhook_attempts. migrate-lint: allow lock-table (the conversion's copy: writes wait, reads go on)
LOCK TABLE webhook_attempts IN SHARE MODE;
--> statement-breakpoint
ALTER TABLE webhook_attempts RENAME TO webhook_attempts_unpartitioned;
--> statement-breakpoint
ALTER INDEX webhook_attempts_pkey RENAME TO webhook_attempts_unpartitioned_pkey;
--> statement-breakpoint
ALTER INDEX webhook_attempts_delivery RENAME TO webhook_attempts_unpartitioned_delivery;
--> statement-breakpoint
ALTER SEQUENCE webhook_attempts_id_seq RENAME TO webhook_attempts_unpartitioned_id_seq;
--> statement-breakpoint
CREATE TABLE webhook_attempts (
  "id" bigint GENERATED ALWAYS AS IDENTITY,
  "delivery_id" text NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE,
  "attempt" integer NOT NULL,
  "attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
  "status_code" integer,
  "duration_ms" integer NOT NULL,
  "response_body" text,
  "error" text,
  CONSTRAINT webhook_attempts_pkey PRIMARY KEY ("id", "attempted_at")
) PARTITION BY RANGE ("attempted_at");
--> statement-breakpoint
CREATE TABLE webhook_attempts_default PARTITION OF webhook_attempts DEFAULT;
--> statement-breakpoint
CREATE INDEX webhook_attempts_delivery ON webhook_attempts ("delivery_id", "attempt");
--> statement-breakpoint
SELECT count(*) FROM maintain_monthly_partitions('webhook_attempts', 'attempted_at',
  LEAST(now() - interval '13 months', (SELECT min(attempted_at) FROM webhook_attempts_unpartitioned)), 3, '-infinity');
--> statement-breakpoint
INSERT INTO webhook_attempts OVERRIDING SYSTEM VALUE SELECT * FROM webhook_attempts_unpartitioned;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('webhook_attempts', 'id'),
  GREATEST((SELECT max(id) FROM webhook_attempts), (SELECT last_value FROM webhook_attempts_unpartitioned_id_seq), 1));
--> statement-breakpoint
DROP TABLE webhook_attempts_unpartitioned;
--> statement-breakpoint
-- 4. The server's role: as 0007 and 0024 gave it (default privileges gave the new tables the rest), the audit
--    log append-only.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
    REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON public.audit_log FROM mbo_app;
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.webhook_attempts FROM mbo_app;
    REVOKE ALL ON public.audit_log_default, public.webhook_attempts_default FROM mbo_app;
    GRANT EXECUTE ON FUNCTION audit_log_partitions(integer, integer), webhook_attempts_partitions(integer, integer) TO mbo_app;
  END IF;
END $$;
