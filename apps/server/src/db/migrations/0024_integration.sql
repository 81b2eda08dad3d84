-- Integration (issue 14): API keys (only a hash of the secret is kept), webhook endpoints, the
-- event outbox (written in the transaction of the change it reports), one delivery per event and
-- endpoint, and every delivery attempt with its answer.
CREATE TABLE IF NOT EXISTS "api_keys" (
  "id" text PRIMARY KEY,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "name" text NOT NULL,
  "mode" text DEFAULT 'SANDBOX' NOT NULL CHECK ("mode" IN ('SANDBOX')),
  -- The start of the secret, shown to tell keys apart (sk_test_ and 4 characters).
  "prefix" text NOT NULL,
  -- SHA-256 of the whole secret (the secret has 190 random bits: no slow hash needed).
  "secret_hash" text NOT NULL UNIQUE,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "revoked_at" timestamp with time zone,
  "revoked_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "last_used_at" timestamp with time zone,
  "last_used_ip" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_keys_merchant" ON "api_keys" ("merchant_id", "created_at" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_endpoints" (
  "id" text PRIMARY KEY,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "url" text NOT NULL,
  "description" text,
  "event_types" text[] NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  -- The signing secret (whsec_…, Standard Webhooks); it signs, so it is kept, not hashed.
  "secret" text NOT NULL,
  -- After a rotation the old secret signs too until it expires (24 hours).
  "previous_secret" text,
  "previous_secret_expires_at" timestamp with time zone,
  -- The first failed attempt since the last delivered one; the endpoint is disabled after days of failures.
  "failing_since" timestamp with time zone,
  "disabled_reason" text CHECK ("disabled_reason" IN ('FAILING')),
  -- One drainer per endpoint at a time (deliveries go out in order).
  "drain_lease_until" timestamp with time zone,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_endpoints_merchant" ON "webhook_endpoints" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_events" (
  "id" text PRIMARY KEY,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "type" text NOT NULL,
  -- The id of the object the event is about (payment, refund, dispute…).
  "object_id" text,
  -- The event as it is sent: { id, type, createdAt, data: { object } }.
  "payload" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_events_merchant_time" ON "webhook_events" ("merchant_id", "created_at", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_deliveries" (
  "id" text PRIMARY KEY,
  -- The order deliveries of one endpoint go out in.
  "seq" bigint GENERATED ALWAYS AS IDENTITY,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "endpoint_id" text NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "event_id" text NOT NULL REFERENCES "webhook_events"("id"),
  -- EVENT: sent as the event happened; TEST: a test event; REPLAY: sent again for a time range.
  "kind" text DEFAULT 'EVENT' NOT NULL CHECK ("kind" IN ('EVENT', 'TEST', 'REPLAY')),
  -- PENDING: to send (first time or again at next_attempt_at); SUCCEEDED: a 2xx; FAILED: attempts used up.
  "status" text DEFAULT 'PENDING' NOT NULL CHECK ("status" IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now(),
  "last_status_code" integer,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  CHECK (("status" = 'PENDING') = ("next_attempt_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_due" ON "webhook_deliveries" ("endpoint_id", "seq") WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_endpoint" ON "webhook_deliveries" ("endpoint_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_event" ON "webhook_deliveries" ("event_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_attempts" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "delivery_id" text NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE,
  "attempt" integer NOT NULL,
  "attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- Null when no answer came (refused address, timeout, connection error: see error).
  "status_code" integer,
  "duration_ms" integer NOT NULL,
  -- The first 2 kB of the answer's body.
  "response_body" text,
  "error" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_attempts_delivery" ON "webhook_attempts" ("delivery_id", "attempt");
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON public.api_keys, public.webhook_endpoints, public.webhook_events, public.webhook_deliveries, public.webhook_attempts TO mbo_app;
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.api_keys, public.webhook_endpoints, public.webhook_events, public.webhook_deliveries, public.webhook_attempts FROM mbo_app;
  END IF;
END $$;
