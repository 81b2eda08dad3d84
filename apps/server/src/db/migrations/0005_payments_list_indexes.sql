-- Indexes for the payments and refunds lists (modules/payments/list-payments.ts, modules/refunds/*).
-- Keyword search by customer email: a case-insensitive prefix match inside the merchant.
CREATE INDEX IF NOT EXISTS "payments_merchant_email_lower_idx" ON "payments" USING btree ("merchant_id", lower("customer_email") text_pattern_ops);
--> statement-breakpoint
-- Sort by amount without sorting every payment of the merchant.
CREATE INDEX IF NOT EXISTS "payments_merchant_amount_idx" ON "payments" USING btree ("merchant_id", "amount" DESC, "id" DESC);
--> statement-breakpoint
-- The sandbox refund processor claims PROCESSING refunds oldest first.
CREATE INDEX IF NOT EXISTS "refunds_processing_idx" ON "refunds" USING btree ("created_at") WHERE "status" = 'PROCESSING';
--> statement-breakpoint
-- Refund keyword search by payment id within the merchant, and the refund of a payment.
CREATE INDEX IF NOT EXISTS "refunds_merchant_payment_idx" ON "refunds" USING btree ("merchant_id", "payment_id");
--> statement-breakpoint
-- The list's first page and its capped counts, under any of the list's column filters, read only this
-- index (no heap visits): the newest-first key plus the filtered columns.
CREATE INDEX IF NOT EXISTS "payments_merchant_created_cover_idx" ON "payments" USING btree ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("status", "currency", "country", "pay_method_type", "pay_method_name", "amount");
