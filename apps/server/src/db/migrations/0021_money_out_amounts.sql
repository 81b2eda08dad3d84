-- The withdrawal and payout histories' amount range (always with its currency) at a million rows (bench):
-- the count reads the matching index entries only, instead of every row of the merchant.
CREATE INDEX IF NOT EXISTS "withdrawals_merchant_currency_amount_idx" ON "withdrawals" ("merchant_id", "currency", "amount");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_merchant_currency_amount_idx" ON "payouts" ("merchant_id", "currency", "amount");
