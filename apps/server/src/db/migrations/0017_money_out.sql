-- Money out (modules/bank-accounts, modules/withdrawals, modules/payout-services): the merchant's bank
-- accounts, its withdrawal agreements and opening hours, withdrawal orders, and the payout services
-- that price payouts. Amounts in minor units of their currency.
--
-- 1. Withdrawal opening hours, merchant settings in the merchant's time zone (merchants.time_zone):
--    the ISO weekdays the desk is open, from `withdraw_open` to `withdraw_close` ("24:00" = end of
--    day), closed on the public holidays of `withdraw_holiday_country` when it is set.
ALTER TABLE "merchants" ADD COLUMN IF NOT EXISTS "withdraw_days" smallint[] DEFAULT '{1,2,3,4,5}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN IF NOT EXISTS "withdraw_open" text DEFAULT '09:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN IF NOT EXISTS "withdraw_close" text DEFAULT '17:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN IF NOT EXISTS "withdraw_holiday_country" char(2);
--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_withdraw_hours" CHECK (
  "withdraw_days" <@ '{1,2,3,4,5,6,7}'::smallint[]
  AND "withdraw_open" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
  AND ("withdraw_close" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' OR "withdraw_close" = '24:00')
  AND "withdraw_open" < "withdraw_close"
  AND ("withdraw_holiday_country" IS NULL OR "withdraw_holiday_country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
-- 2. Bank accounts. The full number is stored (IBAN in electronic form, or the local number) and
--    never sent back: reads give `last4`. Removing an account sets removed_at (withdrawals keep
--    pointing at it). One default per merchant and currency among the accounts not removed.
CREATE TABLE IF NOT EXISTS "bank_accounts" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "bank_name" text NOT NULL,
  "holder_name" text NOT NULL,
  "country" char(2) NOT NULL,
  "currency" char(3) NOT NULL,
  "scheme" text NOT NULL,
  "account_number" text NOT NULL,
  "routing_code" text,
  "bic" text,
  "last4" text NOT NULL,
  "status" text DEFAULT 'PENDING_VERIFICATION' NOT NULL,
  "rejection_reason" text,
  "is_default" boolean DEFAULT false NOT NULL,
  "created_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "verified_at" timestamp with time zone,
  "removed_at" timestamp with time zone,
  CONSTRAINT "bank_accounts_scheme" CHECK ("scheme" IN ('IBAN', 'LOCAL') AND ("scheme" = 'LOCAL') = ("routing_code" IS NOT NULL)),
  CONSTRAINT "bank_accounts_status" CHECK ("status" IN ('PENDING_VERIFICATION', 'VERIFIED', 'REJECTED')),
  CONSTRAINT "bank_accounts_codes" CHECK ("country" ~ '^[A-Z]{2}$' AND "currency" ~ '^[A-Z]{3}$' AND char_length("last4") = 4),
  CONSTRAINT "bank_accounts_names" CHECK (char_length("bank_name") BETWEEN 1 AND 80 AND char_length("holder_name") BETWEEN 1 AND 70),
  CONSTRAINT "bank_accounts_default_verified" CHECK (NOT "is_default" OR "status" = 'VERIFIED')
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "bank_accounts_default_uq" ON "bank_accounts" ("merchant_id", "currency") WHERE "is_default" AND "removed_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "bank_accounts_number_uq" ON "bank_accounts" ("merchant_id", "account_number", coalesce("routing_code", '')) WHERE "removed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bank_accounts_merchant_idx" ON "bank_accounts" ("merchant_id", "created_at" DESC);
--> statement-breakpoint
-- 3. Withdrawal agreements: a merchant may withdraw a currency only with one (006001B005); it
--    prices the order (fee deducted from the amount) and bounds it.
CREATE TABLE IF NOT EXISTS "withdrawal_agreements" (
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "currency" char(3) NOT NULL,
  "fee_percent_bps" integer DEFAULT 0 NOT NULL,
  "fee_fixed_minor" bigint DEFAULT 0 NOT NULL,
  "fee_minimum_minor" bigint,
  "min_amount" bigint NOT NULL,
  "max_amount" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("merchant_id", "currency"),
  CONSTRAINT "withdrawal_agreements_fee" CHECK ("fee_percent_bps" BETWEEN 0 AND 10000 AND "fee_fixed_minor" >= 0 AND ("fee_minimum_minor" IS NULL OR "fee_minimum_minor" >= 0)),
  CONSTRAINT "withdrawal_agreements_limits" CHECK ("min_amount" > 0 AND ("max_amount" IS NULL OR "max_amount" >= "min_amount"))
);
--> statement-breakpoint
-- 4. Withdrawal orders. `amount` left the available balance at submit (into reserved); `fee` and
--    `net_amount` (= amount - fee, what the bank account receives) are fixed then.
CREATE TABLE IF NOT EXISTS "withdrawals" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "bank_account_id" text NOT NULL REFERENCES "bank_accounts"("id"),
  "currency" char(3) NOT NULL,
  "amount" bigint NOT NULL,
  "fee" bigint NOT NULL,
  "net_amount" bigint NOT NULL,
  "remark" text,
  "status" text NOT NULL,
  "failure_reason" text,
  "bank_reference" text,
  "created_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  CONSTRAINT "withdrawals_status" CHECK ("status" IN ('PENDING', 'PROCESSING', 'SUCCESS', 'FAILED', 'CANCELLED')),
  CONSTRAINT "withdrawals_amounts" CHECK ("amount" > 0 AND "fee" >= 0 AND "net_amount" > 0 AND "net_amount" + "fee" = "amount"),
  CONSTRAINT "withdrawals_remark" CHECK ("remark" IS NULL OR char_length("remark") <= 140),
  CONSTRAINT "withdrawals_finished" CHECK (("status" IN ('SUCCESS', 'FAILED', 'CANCELLED')) = ("finished_at" IS NOT NULL))
);
--> statement-breakpoint
-- The history list: newest first within the merchant, with or without a status filter; the
-- sandbox bank's sweep of open orders; a bank account's in-flight orders.
CREATE INDEX IF NOT EXISTS "withdrawals_merchant_created_idx" ON "withdrawals" ("merchant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_merchant_status_idx" ON "withdrawals" ("merchant_id", "status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_open_idx" ON "withdrawals" ("created_at") WHERE "status" IN ('PENDING', 'PROCESSING');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_bank_account_idx" ON "withdrawals" ("bank_account_id") WHERE "status" IN ('PENDING', 'PROCESSING');
--> statement-breakpoint
-- 5. Payout services: the methods a payout merchant pays beneficiaries with (Services → Payout methods).
CREATE TABLE IF NOT EXISTS "payout_services" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "country" char(2) NOT NULL,
  "method_type" text NOT NULL,
  "method_name" text NOT NULL,
  "currency" char(3) NOT NULL,
  "fee_percent_bps" integer NOT NULL,
  "fee_fixed_minor" bigint NOT NULL,
  "fee_minimum_minor" bigint,
  "min_amount" bigint,
  "max_amount" bigint,
  "cutoff_time" text NOT NULL,
  "time_zone" text NOT NULL,
  "arrival" text NOT NULL,
  "status" text DEFAULT 'ACTIVE' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payout_services_codes" CHECK ("country" ~ '^[A-Z]{2}$' AND "currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "payout_services_method" CHECK ("method_type" IN ('BANK_TRANSFER', 'EWALLET') AND char_length("method_name") BETWEEN 1 AND 60),
  CONSTRAINT "payout_services_fee" CHECK ("fee_percent_bps" BETWEEN 0 AND 10000 AND "fee_fixed_minor" >= 0 AND ("fee_minimum_minor" IS NULL OR "fee_minimum_minor" >= 0)),
  CONSTRAINT "payout_services_limits" CHECK (("min_amount" IS NULL OR "min_amount" > 0) AND ("max_amount" IS NULL OR "max_amount" > 0) AND ("min_amount" IS NULL OR "max_amount" IS NULL OR "min_amount" <= "max_amount")),
  CONSTRAINT "payout_services_cutoff" CHECK ("cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  CONSTRAINT "payout_services_status" CHECK ("status" IN ('ACTIVE', 'SUSPENDED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payout_services_merchant_method_uq" ON "payout_services" ("merchant_id", "country", "method_type", "currency");
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON public.bank_accounts, public.withdrawal_agreements, public.withdrawals, public.payout_services TO mbo_app;
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.bank_accounts, public.withdrawal_agreements, public.withdrawals, public.payout_services FROM mbo_app;
  END IF;
END $$;
