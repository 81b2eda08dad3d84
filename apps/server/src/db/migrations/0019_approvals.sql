-- Maker-checker (modules/approvals): a withdrawal, payout or payout batch above the merchant's
-- approval threshold for its currency waits in PENDING_APPROVAL, its money held, until a second user
-- with API_PAYOUT_APPROVE approves it (then it goes to the bank) or rejects it (then its money returns).
-- The maker never approves their own.
ALTER TABLE "merchants" ADD COLUMN IF NOT EXISTS "approval_thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_approval_thresholds" CHECK (jsonb_typeof("approval_thresholds") = 'object');
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT IF EXISTS "withdrawals_status";
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK ("status" IN ('PENDING_APPROVAL', 'PENDING', 'PROCESSING', 'SUCCESS', 'FAILED', 'CANCELLED'));
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT IF EXISTS "payouts_status";
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status" CHECK ("status" IN ('PENDING_APPROVAL', 'PENDING', 'PROCESSING', 'SUCCESS', 'FAILED', 'CANCELLED'));
--> statement-breakpoint
ALTER TABLE "payout_batches" DROP CONSTRAINT IF EXISTS "payout_batches_status";
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_status" CHECK ("status" IN ('PENDING_APPROVAL', 'PROCESSING', 'COMPLETED', 'PARTIALLY_FAILED', 'REJECTED'));
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "decided_by" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "decided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN IF NOT EXISTS "decided_by" text;
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN IF NOT EXISTS "decided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN IF NOT EXISTS "decided_by" text;
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN IF NOT EXISTS "decided_at" timestamp with time zone;
--> statement-breakpoint
-- What waits for a checker, per merchant.
CREATE INDEX IF NOT EXISTS "withdrawals_awaiting_idx" ON "withdrawals" ("merchant_id", "created_at") WHERE "status" = 'PENDING_APPROVAL';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_awaiting_idx" ON "payouts" ("merchant_id", "created_at") WHERE "status" = 'PENDING_APPROVAL' AND "batch_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payout_batches_awaiting_idx" ON "payout_batches" ("merchant_id", "created_at") WHERE "status" = 'PENDING_APPROVAL';
