-- Disputes (modules/disputes): customer disputes and chargebacks, their evidence and their money.
--
-- 1. disputes gains its fee, its evidence text (a draft until submitted), the instants of its
--    lifecycle and where its money was held: `batch_id` when the amount and fee were deducted from
--    the payment's unsettled clearing batch (from pending), null when from the available balance;
--    `held` is what the hold moved into the reserved balance (amount + fee; 0 for disputes written
--    before this migration, which held nothing and so release or debit nothing).
ALTER TABLE "disputes" ADD COLUMN IF NOT EXISTS "fee" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN IF NOT EXISTS "held" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN IF NOT EXISTS "batch_id" text REFERENCES "settlement_batches"("id");
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN IF NOT EXISTS "evidence" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN IF NOT EXISTS "submitted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN IF NOT EXISTS "submitted_by" text;
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN IF NOT EXISTS "decided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN IF NOT EXISTS "reminder_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- Reasons become codes (contracts dispute-reasons.ts); the demo's older free-text reasons map to theirs.
UPDATE "disputes" SET "reason" = CASE "reason"
    WHEN 'Product not received' THEN 'PRODUCT_NOT_RECEIVED'
    WHEN 'Not as described' THEN 'NOT_AS_DESCRIBED'
    WHEN 'Duplicate charge' THEN 'DUPLICATE'
    WHEN 'Fraudulent' THEN 'FRAUDULENT'
    ELSE 'GENERAL' END
 WHERE "reason" NOT IN ('FRAUDULENT', 'PRODUCT_NOT_RECEIVED', 'NOT_AS_DESCRIBED', 'DUPLICATE', 'CREDIT_NOT_PROCESSED', 'SUBSCRIPTION_CANCELLED', 'UNRECOGNIZED', 'GENERAL');
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_status" CHECK ("status" IN ('EVIDENCE_REQUIRED', 'UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED', 'EXPIRED'));
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_type" CHECK ("type" IN ('CUSTOMER_DISPUTE', 'CHARGEBACK'));
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_amounts" CHECK ("amount" > 0 AND "fee" >= 0 AND "held" >= 0);
--> statement-breakpoint
-- One dispute per payment (the hold takes the payment's whole disputed amount once).
CREATE UNIQUE INDEX IF NOT EXISTS "disputes_payment_uq" ON "disputes" ("payment_id") WHERE "payment_id" IS NOT NULL;
--> statement-breakpoint
-- The list: newest first, per tab; the soonest due first; the due-date jobs (expiry, reminder).
CREATE INDEX IF NOT EXISTS "disputes_merchant_created_idx" ON "disputes" ("merchant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "disputes_merchant_type_created_idx" ON "disputes" ("merchant_id", "type", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "disputes_merchant_type_due_idx" ON "disputes" ("merchant_id", "type", "due_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "disputes_open_due_idx" ON "disputes" ("due_at") WHERE "status" = 'EVIDENCE_REQUIRED';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "disputes_batch_idx" ON "disputes" ("batch_id") WHERE "batch_id" IS NOT NULL;
--> statement-breakpoint
-- 2. Evidence files: stored under a generated name in the data directory (storage_key), never under
--    the uploaded name, which is kept for display only.
CREATE TABLE IF NOT EXISTS "dispute_files" (
  "id" text PRIMARY KEY NOT NULL,
  "dispute_id" text NOT NULL REFERENCES "disputes"("id"),
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "category" text NOT NULL,
  "file_name" text NOT NULL,
  "content_type" text NOT NULL,
  "size" bigint NOT NULL,
  "storage_key" text NOT NULL,
  "uploaded_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "dispute_files_type" CHECK ("content_type" IN ('application/pdf', 'image/jpeg', 'image/png')),
  CONSTRAINT "dispute_files_size" CHECK ("size" > 0 AND "size" <= 5242880)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dispute_files_dispute_idx" ON "dispute_files" ("dispute_id", "created_at");
--> statement-breakpoint
-- 3. Who or what caused an event (a user's email, or the system: the sandbox, the due-date job).
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "actor" text;
--> statement-breakpoint
-- 4. Clearing batches carry the disputes held from them: the settlement deducts them as its
--    dispute adjustments. A batch's net stays at or above zero.
ALTER TABLE "settlement_batches" ADD COLUMN IF NOT EXISTS "dispute_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD COLUMN IF NOT EXISTS "disputes" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "settlement_batches" DROP CONSTRAINT IF EXISTS "settlement_batches_net";
--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_net"
  CHECK ("gross" >= 0 AND "fees" >= 0 AND "refunds" >= 0 AND "disputes" >= 0 AND "gross" - "fees" - "refunds" - "disputes" >= 0);
--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN IF NOT EXISTS "dispute_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- 5. The available balance may go below zero in one case only: a dispute hold (DISPUTE_HOLD) that
--    the available balance does not cover. A dispute cannot be refused for lack of balance; the
--    negative balance is paid back by the next settlements, and until then every refund,
--    withdrawal and payout is refused (each needs available >= its amount). Any other debit that
--    would end below zero is refused here, as the CHECK refused it before. Pending and reserved
--    keep their CHECK.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT IF EXISTS "ledger_accounts_no_negative";
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_no_negative" CHECK ("type" NOT IN ('RESERVED', 'PENDING') OR "balance" >= 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_apply() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  account_type text;
BEGIN
  UPDATE public.ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
    RETURNING balance, type INTO NEW.balance_after, account_type;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger entry: account % does not exist', NEW.account_id USING ERRCODE = '23503';
  END IF;
  IF account_type = 'AVAILABLE' AND NEW.amount < 0 AND NEW.balance_after < 0
     AND NOT EXISTS (SELECT 1 FROM public.ledger_transactions WHERE id = NEW.transaction_id AND kind = 'DISPUTE_HOLD') THEN
    RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_no_negative"'
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_accounts_no_negative', TABLE = 'ledger_accounts';
  END IF;
  RETURN NEW;
END;
$$;
