-- Encrypted at rest (lib/secret-box.ts, db/encrypted-columns.ts): the TOTP secrets (active and
-- pending), the webhook signing secrets (current and previous) and the full bank account numbers of
-- bank accounts and payouts are kept only as AES-256-GCM ciphertexts `v1.<kid>.<iv>.<tag>.<ct>`
-- under the data key (DATA_ENCRYPTION_KEY). SQL cannot encrypt: each CHECK below is added NOT VALID
-- (every new or changed row must hold a ciphertext at once); the after-migrations hook
-- (encryptSecretsAtRest) encrypts the rows written before, then validates the constraint, which
-- also records that this database holds no clear value any more.
ALTER TABLE "users" ADD CONSTRAINT "users_totp_sealed" CHECK (
  ("totp_secret" IS NULL OR "totp_secret" ~ '^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$')
  AND ("totp_pending_secret" IS NULL OR "totp_pending_secret" ~ '^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$')
) NOT VALID;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_secret_sealed" CHECK (
  "secret" ~ '^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$'
  AND ("previous_secret" IS NULL OR "previous_secret" ~ '^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$')
) NOT VALID;
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_number_sealed" CHECK (
  "account_number" ~ '^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$'
) NOT VALID;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_number_sealed" CHECK (
  "account_number" ~ '^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$'
) NOT VALID;
--> statement-breakpoint
-- A ciphertext differs at every write: the same number twice is refused by the application, under
-- the merchant's row lock every change to its bank accounts takes (modules/bank-accounts).
DROP INDEX IF EXISTS "bank_accounts_number_uq";
--> statement-breakpoint
-- One known text encrypted with the oldest data key the data may still be under (the newest once
-- `npm run rotate-keys` has run): a start with a key that cannot open it stops with a clear message
-- instead of failing on the first secret it reads. Read and written by the migration role only.
CREATE TABLE IF NOT EXISTS "data_encryption_check" (
  "id" smallint PRIMARY KEY CHECK ("id" = 1),
  "sealed" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
