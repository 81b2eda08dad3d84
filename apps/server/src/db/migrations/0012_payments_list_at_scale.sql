-- The payments list at 1,000,000 payments per merchant (modules/payments/list-payments.ts). A keyword
-- search runs its email-prefix alternative as a UNION branch of its own (its page and its capped
-- count); this index answers that branch alone, as an index-only scan: the id, the email itself and
-- every column the list filters and sorts on are included, so no table row is read. It replaces the
-- plain email-prefix index of 0005, which it covers. (Index-only scans of an expression index need
-- the column under the expression included.)
CREATE INDEX IF NOT EXISTS "payments_merchant_email_cover_idx" ON "payments" USING btree ("merchant_id", lower("customer_email") text_pattern_ops)
  INCLUDE ("id", "customer_email", "created_at", "status", "currency", "country", "pay_method_type", "pay_method_name", "amount");
--> statement-breakpoint
DROP INDEX IF EXISTS "payments_merchant_email_lower_idx";
