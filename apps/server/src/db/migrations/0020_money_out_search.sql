-- The withdrawal and payout histories' keyword search at a million rows (bench): each arm of the OR
-- (id, bank reference, the merchant's reference, batch) has an index, so the planner ORs them instead of
-- reading every row of the merchant.
CREATE INDEX IF NOT EXISTS "withdrawals_merchant_bank_reference_idx" ON "withdrawals" ("merchant_id", "bank_reference") WHERE "bank_reference" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_merchant_bank_reference_idx" ON "payouts" ("merchant_id", "bank_reference") WHERE "bank_reference" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_merchant_reference_idx" ON "payouts" ("merchant_id", "reference");
