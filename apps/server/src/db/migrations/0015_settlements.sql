-- Clearing batches and settlements (modules/settlements): where a merchant's captured money goes.
--
-- A capture joins the OPEN batch of its merchant, currency and settlement terms (settlement-terms.ts
-- batchKeyOf: cycle T+N, settlement country, business day, cut-off instant). The batch keeps running
-- totals, updated in the capture's (or refund's) own database transaction under the batch row's lock.
-- The close job moves OPEN batches past their cut-off to CLOSED; the settle job turns the CLOSED
-- batches due on a day into one settlement per merchant, currency and due day, and moves their net
-- from pending to available in one balanced ledger transaction per settlement.
CREATE TABLE IF NOT EXISTS "settlements" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "currency" text NOT NULL,
  -- The day the settlement is for: its batches' due day (YYYY-MM-DD in the batches' zone).
  "settlement_day" date NOT NULL,
  "status" text NOT NULL,
  "batch_count" integer NOT NULL,
  "payment_count" integer NOT NULL,
  "refund_count" integer NOT NULL,
  "gross" bigint NOT NULL,
  "refunds" bigint NOT NULL,
  "fees" bigint NOT NULL,
  "disputes" bigint DEFAULT 0 NOT NULL,
  "reserve" bigint DEFAULT 0 NOT NULL,
  "net" bigint NOT NULL,
  "bank_account" text,
  "bank_reference" text,
  "ledger_transaction_id" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "paid_at" timestamp with time zone,
  CONSTRAINT "settlements_status" CHECK ("status" IN ('PENDING', 'PAID', 'FAILED')),
  CONSTRAINT "settlements_reconciles" CHECK ("gross" - "refunds" - "fees" - "disputes" - "reserve" = "net"),
  CONSTRAINT "settlements_amounts" CHECK ("gross" >= 0 AND "refunds" >= 0 AND "fees" >= 0 AND "net" >= 0 AND "batch_count" > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "settlement_batches" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "currency" text NOT NULL,
  "batch_key" text NOT NULL,
  "settlement_cycle_days" integer NOT NULL,
  "settlement_country" char(2) NOT NULL,
  "time_zone" text NOT NULL,
  "cutoff_time" text NOT NULL,
  "business_day" date NOT NULL,
  "closes_at" timestamp with time zone NOT NULL,
  "due_day" date NOT NULL,
  "status" text DEFAULT 'OPEN' NOT NULL,
  "payment_count" integer DEFAULT 0 NOT NULL,
  "gross" bigint DEFAULT 0 NOT NULL,
  "fees" bigint DEFAULT 0 NOT NULL,
  "refund_count" integer DEFAULT 0 NOT NULL,
  "refunds" bigint DEFAULT 0 NOT NULL,
  "settlement_id" text REFERENCES "settlements"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  "settled_at" timestamp with time zone,
  CONSTRAINT "settlement_batches_status" CHECK ("status" IN ('OPEN', 'CLOSED', 'SETTLED')),
  -- A batch's net never goes below zero: a refund is deducted from its payment's batch only while the
  -- batch's net covers it (otherwise it comes from the available balance).
  CONSTRAINT "settlement_batches_net" CHECK ("gross" >= 0 AND "fees" >= 0 AND "refunds" >= 0 AND "gross" - "fees" - "refunds" >= 0),
  CONSTRAINT "settlement_batches_settled" CHECK (("status" = 'SETTLED') = ("settlement_id" IS NOT NULL)),
  CONSTRAINT "settlement_batches_due" CHECK ("due_day" >= "business_day")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "settlement_batches_key_uq" ON "settlement_batches" ("batch_key");
--> statement-breakpoint
-- The batch pages (open, and history newest first) and the close job (status, closes_at).
CREATE INDEX IF NOT EXISTS "settlement_batches_merchant_status_idx" ON "settlement_batches" ("merchant_id", "status", "closes_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "settlement_batches_merchant_closes_idx" ON "settlement_batches" ("merchant_id", "closes_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "settlement_batches_open_idx" ON "settlement_batches" ("closes_at") WHERE "status" = 'OPEN';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "settlement_batches_closed_idx" ON "settlement_batches" ("due_day") WHERE "status" = 'CLOSED';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "settlement_batches_settlement_idx" ON "settlement_batches" ("settlement_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "settlements_merchant_day_idx" ON "settlements" ("merchant_id", "settlement_day" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "settlements_merchant_currency_day_idx" ON "settlements" ("merchant_id", "currency", "settlement_day" DESC, "id" DESC);
--> statement-breakpoint
-- The batch a payment's capture joined, and the batch a refund was deducted from (null: from the
-- available balance). Nullable without a default: instant on a table of millions of rows. Payments
-- captured before batches existed have none (migration 0015 leaves their history as it was).
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "batch_id" text;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN IF NOT EXISTS "batch_id" text;
--> statement-breakpoint
-- A batch's or a settlement's transactions, newest first (the detail pages' paged tables).
CREATE INDEX IF NOT EXISTS "payments_batch_idx" ON "payments" ("batch_id", "paid_at" DESC, "id" DESC) WHERE "batch_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_batch_idx" ON "refunds" ("batch_id") WHERE "batch_id" IS NOT NULL;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
    GRANT SELECT, INSERT, UPDATE ON public.settlement_batches, public.settlements TO mbo_app;
    REVOKE DELETE, TRUNCATE, REFERENCES, TRIGGER ON public.settlement_batches, public.settlements FROM mbo_app;
  END IF;
END $$;
