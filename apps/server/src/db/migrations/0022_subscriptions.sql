-- Subscriptions (issue 12): a payment link may carry a plan; paying it starts an agreement, charged on
-- schedule by the server as ordinary payments linked to it (payments.agreement_*).
ALTER TABLE "payment_links" ADD COLUMN IF NOT EXISTS "plan_interval" text;
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN IF NOT EXISTS "plan_interval_count" integer;
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN IF NOT EXISTS "plan_cycles" integer;
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_plan" CHECK (
  ("plan_interval" IS NULL AND "plan_interval_count" IS NULL AND "plan_cycles" IS NULL)
  OR ("plan_interval" IN ('DAY', 'WEEK', 'MONTH', 'YEAR') AND "plan_interval_count" BETWEEN 1 AND 365 AND ("plan_cycles" IS NULL OR "plan_cycles" >= 2)));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agreements" (
  "id" text PRIMARY KEY NOT NULL,
  "merchant_id" text NOT NULL,
  "payment_link_id" text,
  "customer_name" text NOT NULL,
  "customer_email" text NOT NULL,
  "pay_method_type" text NOT NULL,
  "pay_method_name" text NOT NULL,
  "card_bin" text,
  "card_last4" text,
  "country" text NOT NULL,
  "amount" bigint NOT NULL,
  "currency" text NOT NULL,
  "plan_interval" text NOT NULL,
  "plan_interval_count" integer NOT NULL,
  "plan_cycles" integer,
  -- The zone the schedule is counted in (the merchant's when it started): "monthly" means the same day of the month there.
  "time_zone" text NOT NULL,
  "status" text NOT NULL,
  "start_at" timestamp with time zone NOT NULL,
  "cycles_charged" integer NOT NULL DEFAULT 0,
  "period_start" timestamp with time zone NOT NULL,
  "period_end" timestamp with time zone NOT NULL,
  -- The next charge or retry (or the end of the period when it ends then); null once final.
  "next_charge_at" timestamp with time zone,
  "failed_attempts" integer NOT NULL DEFAULT 0,
  "cancel_at_period_end" boolean NOT NULL DEFAULT false,
  "cancelled_at" timestamp with time zone,
  "end_reason" text,
  "total_collected" bigint NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "agreements_status" CHECK ("status" IN ('ACTIVE', 'PAST_DUE', 'CANCELLED', 'EXPIRED')),
  CONSTRAINT "agreements_interval" CHECK ("plan_interval" IN ('DAY', 'WEEK', 'MONTH', 'YEAR') AND "plan_interval_count" BETWEEN 1 AND 365),
  CONSTRAINT "agreements_amounts" CHECK ("amount" > 0 AND "total_collected" >= 0 AND "cycles_charged" >= 0 AND "failed_attempts" >= 0),
  CONSTRAINT "agreements_cycles" CHECK ("plan_cycles" IS NULL OR ("plan_cycles" >= 2 AND "cycles_charged" <= "plan_cycles")),
  CONSTRAINT "agreements_final" CHECK (("status" IN ('CANCELLED', 'EXPIRED')) = ("next_charge_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agreements_merchant_created_idx" ON "agreements" ("merchant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agreements_merchant_status_idx" ON "agreements" ("merchant_id", "status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agreements_merchant_country_idx" ON "agreements" ("merchant_id", "country", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agreements_merchant_method_idx" ON "agreements" ("merchant_id", "pay_method_name", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agreements_merchant_next_idx" ON "agreements" ("merchant_id", "next_charge_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agreements_merchant_email_idx" ON "agreements" ("merchant_id", lower("customer_email"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agreements_merchant_name_idx" ON "agreements" ("merchant_id", lower("customer_name") text_pattern_ops);
--> statement-breakpoint
-- The charge job's queue: what is due, across merchants.
CREATE INDEX IF NOT EXISTS "agreements_due_idx" ON "agreements" ("next_charge_at") WHERE "status" IN ('ACTIVE', 'PAST_DUE');
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "agreement_id" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "agreement_cycle" integer;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "agreement_attempt" integer;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_agreement_charge" CHECK (
  ("agreement_id" IS NULL AND "agreement_cycle" IS NULL AND "agreement_attempt" IS NULL)
  OR ("agreement_id" IS NOT NULL AND "agreement_cycle" >= 1 AND "agreement_attempt" >= 0));
--> statement-breakpoint
-- One charge per agreement, cycle and attempt: a rerun, a restart or a second runner never charges twice.
CREATE UNIQUE INDEX IF NOT EXISTS "payments_agreement_charge_uq" ON "payments" ("agreement_id", "agreement_cycle", "agreement_attempt") WHERE "agreement_id" IS NOT NULL;
