-- Pay-in services (modules/payin-services): the pay-in methods a merchant holds, each with the fee rule
-- that prices its captures (modules/payments/fees.ts computeFee), its per-payment limits and its
-- settlement cycle. One row per merchant, method, currency and country. Amounts in minor units of
-- the service's currency.
CREATE TABLE IF NOT EXISTS "payin_services" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "country" char(2) NOT NULL,
  "pay_method_type" text NOT NULL,
  "pay_method_name" text NOT NULL,
  "currency" text NOT NULL,
  "fee_percent_bps" integer NOT NULL,
  "fee_fixed_minor" bigint NOT NULL,
  "fee_minimum_minor" bigint,
  "min_amount" bigint,
  "max_amount" bigint,
  "settlement_cycle_days" integer NOT NULL,
  "cutoff_time" text NOT NULL,
  "time_zone" text NOT NULL,
  "settlement_country" char(2) NOT NULL,
  "status" text DEFAULT 'ACTIVE' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payin_services_country_code" CHECK ("country" ~ '^[A-Z]{2}$' AND "settlement_country" ~ '^[A-Z]{2}$'),
  CONSTRAINT "payin_services_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "payin_services_method" CHECK (char_length("pay_method_type") BETWEEN 1 AND 40 AND char_length("pay_method_name") BETWEEN 1 AND 40),
  CONSTRAINT "payin_services_fee_percent" CHECK ("fee_percent_bps" BETWEEN 0 AND 10000),
  CONSTRAINT "payin_services_fee_fixed" CHECK ("fee_fixed_minor" >= 0),
  CONSTRAINT "payin_services_fee_minimum" CHECK ("fee_minimum_minor" IS NULL OR "fee_minimum_minor" >= 0),
  CONSTRAINT "payin_services_limits" CHECK (
    ("min_amount" IS NULL OR "min_amount" > 0) AND ("max_amount" IS NULL OR "max_amount" > 0)
    AND ("min_amount" IS NULL OR "max_amount" IS NULL OR "min_amount" <= "max_amount")
  ),
  CONSTRAINT "payin_services_cycle" CHECK ("settlement_cycle_days" BETWEEN 0 AND 30),
  CONSTRAINT "payin_services_cutoff" CHECK ("cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  CONSTRAINT "payin_services_time_zone" CHECK (char_length("time_zone") BETWEEN 1 AND 64),
  CONSTRAINT "payin_services_status" CHECK ("status" IN ('ACTIVE', 'SUSPENDED'))
);
--> statement-breakpoint
-- One service per merchant, method, currency and country; also the index of the capture's look-up
-- (modules/payin-services/resolve-fee-rule.ts: merchant, method, currency[, country]).
CREATE UNIQUE INDEX IF NOT EXISTS "payin_services_merchant_method_uq" ON "payin_services" ("merchant_id", "pay_method_name", "currency", "country");
--> statement-breakpoint
-- The list's default order (country, method, currency) within the merchant.
CREATE INDEX IF NOT EXISTS "payin_services_merchant_country_idx" ON "payin_services" ("merchant_id", "country", "pay_method_name", "currency");
--> statement-breakpoint
-- The gray (early) release group a merchant is in (POST /settlement/web/v1/isGrayMerchant); the client's default is true.
ALTER TABLE "merchants" ADD COLUMN IF NOT EXISTS "gray_release" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- A snapshot, on the payment, of the rule that priced it: which service, and its fee parts at capture
-- time (a later change of the service never changes what a payment says). Nullable and without a
-- default, so adding them is instant on a table of millions of rows; payments captured before pay-in
-- services have none.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "payin_service_id" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "fee_percent_bps" integer;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "fee_fixed_minor" bigint;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "fee_minimum_minor" bigint;
--> statement-breakpoint
-- The snapshot is whole or absent, and in range. NOT VALID first (no scan under the ALTER's lock),
-- then validated under a lock that lets reads and writes go on (every existing row has NULLs).
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_rule_snapshot" CHECK (
  ("payin_service_id" IS NULL AND "fee_percent_bps" IS NULL AND "fee_fixed_minor" IS NULL AND "fee_minimum_minor" IS NULL)
  OR ("payin_service_id" IS NOT NULL AND "fee_percent_bps" BETWEEN 0 AND 10000 AND "fee_fixed_minor" >= 0
      AND ("fee_minimum_minor" IS NULL OR "fee_minimum_minor" >= 0))
) NOT VALID;
--> statement-breakpoint
ALTER TABLE "payments" VALIDATE CONSTRAINT "payments_fee_rule_snapshot";
--> statement-breakpoint
-- The application's role (0007_ledger_lockdown.sql): its default privileges already cover a table
-- this owner creates; granted here explicitly too, so the table is open to mbo_app whichever role
-- ran 0007, and never with TRUNCATE, REFERENCES or TRIGGER.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON public.payin_services TO mbo_app;
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.payin_services FROM mbo_app;
  END IF;
END $$;
