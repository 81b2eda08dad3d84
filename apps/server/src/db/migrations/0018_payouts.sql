-- Payouts (modules/payouts): money a payout merchant sends to beneficiaries, one at a time or as a
-- batch file. Amounts in minor units of their currency.
--
-- 1. Batches. `content_hash` is the sha256 of the submitted rows (canonical JSON): a batch with the
--    same rows within 24 hours answers with the first one (the same file pays nobody twice).
CREATE TABLE IF NOT EXISTS "payout_batches" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "file_name" text NOT NULL,
  "content_hash" text NOT NULL,
  "row_count" integer NOT NULL,
  "status" text DEFAULT 'PROCESSING' NOT NULL,
  "created_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  CONSTRAINT "payout_batches_status" CHECK ("status" IN ('PROCESSING', 'COMPLETED', 'PARTIALLY_FAILED')),
  CONSTRAINT "payout_batches_rows" CHECK ("row_count" BETWEEN 1 AND 10000),
  CONSTRAINT "payout_batches_file_name" CHECK (char_length("file_name") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payout_batches_merchant_created_idx" ON "payout_batches" ("merchant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payout_batches_content_idx" ON "payout_batches" ("merchant_id", "content_hash", "created_at" DESC);
--> statement-breakpoint
-- 2. Payouts. `total` = amount + fee left the available balance at acceptance (into reserved). The
--    full account number is kept for the bank and never sent back (reads give `last4`).
CREATE TABLE IF NOT EXISTS "payouts" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "batch_id" text REFERENCES "payout_batches"("id"),
  "row_no" integer,
  "service_id" text NOT NULL REFERENCES "payout_services"("id"),
  "beneficiary_name" text NOT NULL,
  "country" char(2) NOT NULL,
  "method" text NOT NULL,
  "account_number" text NOT NULL,
  "routing_code" text,
  "bic" text,
  "last4" text NOT NULL,
  "currency" char(3) NOT NULL,
  "amount" bigint NOT NULL,
  "fee" bigint NOT NULL,
  "purpose" text NOT NULL,
  "reference" text DEFAULT '' NOT NULL,
  "status" text NOT NULL,
  "failure_reason" text,
  "bank_reference" text,
  "created_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  CONSTRAINT "payouts_status" CHECK ("status" IN ('PENDING', 'PROCESSING', 'SUCCESS', 'FAILED', 'CANCELLED')),
  CONSTRAINT "payouts_amounts" CHECK ("amount" > 0 AND "fee" >= 0),
  CONSTRAINT "payouts_method" CHECK ("method" IN ('BANK_TRANSFER', 'EWALLET')),
  CONSTRAINT "payouts_texts" CHECK (char_length("beneficiary_name") BETWEEN 1 AND 70 AND char_length("reference") <= 35 AND char_length("last4") BETWEEN 1 AND 4),
  CONSTRAINT "payouts_batch_row" CHECK (("batch_id" IS NULL) = ("row_no" IS NULL)),
  CONSTRAINT "payouts_finished" CHECK (("status" IN ('SUCCESS', 'FAILED', 'CANCELLED')) = ("finished_at" IS NOT NULL))
);
--> statement-breakpoint
-- The history (newest first, with or without a status), a batch's rows in file order, the sandbox
-- bank's sweep of open payouts.
CREATE INDEX IF NOT EXISTS "payouts_merchant_created_idx" ON "payouts" ("merchant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_merchant_status_idx" ON "payouts" ("merchant_id", "status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payouts_batch_row_uq" ON "payouts" ("batch_id", "row_no") WHERE "batch_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_open_idx" ON "payouts" ("batch_id", "status") WHERE "status" IN ('PENDING', 'PROCESSING');
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON public.payout_batches, public.payouts TO mbo_app;
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.payout_batches, public.payouts FROM mbo_app;
  END IF;
END $$;
