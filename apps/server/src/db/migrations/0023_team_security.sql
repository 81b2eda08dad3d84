-- Team and security (issue 13): invitations with their inviter, sub-merchant access per member,
-- two-factor sign-in (TOTP secret, the last time step used, hashed recovery codes) and the
-- merchant's rule that every member must use it. The audit log stays append-only (0001, 0007).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "invited_by" uuid;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "disabled_at" timestamp with time zone;
--> statement-breakpoint
-- false: the member may switch only to the sub-merchants in user_merchant_access.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "all_sub_merchants" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- A secret being set up (confirmed by a code, it moves to totp_secret).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "totp_pending_secret" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "totp_enabled_at" timestamp with time zone;
--> statement-breakpoint
-- The time step of the last code accepted: a code of that step or an earlier one is refused (replay).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "totp_last_step" bigint;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_totp_enabled" CHECK (("totp_secret" IS NULL) = ("totp_enabled_at" IS NULL));
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN IF NOT EXISTS "require_two_factor" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "user_merchant_access" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "merchant_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "user_recovery_codes" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "user_recovery_codes_uq" ON "user_recovery_codes" ("user_id", "code_hash");
--> statement-breakpoint
-- The audit log's filters within a merchant, newest first: by action, by actor, by a record's id
-- and by the start of an actor's email (the keyword), and its failures.
CREATE INDEX IF NOT EXISTS "audit_log_merchant_action_idx" ON "audit_log" ("merchant_id", "action", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_merchant_actor_idx" ON "audit_log" ("merchant_id", "actor_user_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_merchant_target_idx" ON "audit_log" ("merchant_id", "target_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_merchant_email_idx" ON "audit_log" ("merchant_id", lower("actor_email") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_merchant_failure_idx" ON "audit_log" ("merchant_id", "created_at") WHERE "outcome" = 'FAILURE';
