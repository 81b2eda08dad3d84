-- migrate: no-transaction
-- The global search (modules/search) finds payments by a card's last 4 with an amount and by an amount with its
-- currency, newest first within the match. No index served either: payments_merchant_amount_idx is
-- (merchant_id, amount DESC, id DESC), so a common amount in one currency read every payment of that amount in
-- every currency and sorted them. Built concurrently (no write lock on payments); IF NOT EXISTS, so the file
-- can run again from its start after a failed build (db/migrate.ts drops an INVALID index first).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "payments_merchant_last4_amount_idx" ON "payments" USING btree
  ("merchant_id", "card_last4", "amount", "created_at" DESC) WHERE "card_last4" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "payments_merchant_currency_amount_idx" ON "payments" USING btree
  ("merchant_id", "currency", "amount", "created_at" DESC);
