-- Saved views of a list (modules/saved-views): a named set of filters, columns and sort, per user and
-- merchant, optionally shared with every user of the merchant. Read and written by the app role
-- (mbo_app gets SELECT, INSERT, UPDATE, DELETE through 0007's default privileges).
CREATE TABLE IF NOT EXISTS "saved_views" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "merchant_id" text NOT NULL REFERENCES "merchants"("id"),
  "list_key" text NOT NULL,
  "name" text NOT NULL,
  "state" jsonb NOT NULL,
  "shared" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "saved_views_name_length" CHECK (char_length("name") BETWEEN 1 AND 60),
  CONSTRAINT "saved_views_state_size" CHECK (octet_length("state"::text) <= 16000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "saved_views_user_list_name_idx" ON "saved_views" ("user_id", "merchant_id", "list_key", lower("name"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_views_merchant_list_idx" ON "saved_views" ("merchant_id", "list_key") WHERE "shared";
