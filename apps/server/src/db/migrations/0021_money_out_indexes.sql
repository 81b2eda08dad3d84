-- The withdrawal and payout histories' amount range (always with its currency) at a million rows (bench):
-- the count reads the matching index entries only, instead of every row of the merchant.
CREATE INDEX IF NOT EXISTS "withdrawals_merchant_currency_amount_idx" ON "withdrawals" ("merchant_id", "currency", "amount");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_merchant_currency_amount_idx" ON "payouts" ("merchant_id", "currency", "amount");
--> statement-breakpoint
-- A bank account's withdrawals in flight (shown on the accounts list, and refusing a remove) include those
-- awaiting approval: the partial index says so too, so the count never reads the account's history.
DROP INDEX IF EXISTS "withdrawals_bank_account_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_bank_account_in_flight_idx" ON "withdrawals" ("bank_account_id") WHERE "status" IN ('PENDING_APPROVAL', 'PENDING', 'PROCESSING');
