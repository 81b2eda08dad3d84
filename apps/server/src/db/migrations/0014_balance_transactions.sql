-- Balance transactions (Account → Balance, modules/account/list-balance-transactions.ts): every ledger
-- transaction of a merchant, with what it changed in each of its balances and the balances after it.
--
-- 1. ledger_entries.balance_after: the account's balance right after the entry. The posting trigger
--    (0004, 0007) becomes a BEFORE INSERT row trigger that adds the entry to its account and writes
--    the new balance into the entry itself (UPDATE … RETURNING balance INTO NEW.balance_after): a
--    value given by the caller is overwritten. Still SECURITY DEFINER with its pinned search_path,
--    still the only way a balance changes (ledger_accounts_guard sees it at trigger depth 2, as
--    before), and the negative-balance CHECK still refuses the UPDATE, and with it the entry.
--    Existing entries are backfilled here as the owner: per account the running sum of the amounts
--    in id order. Postings lock their accounts before writing entries (post-transaction.ts), so per
--    account the entries' ids are in the order the trigger applied them. Only the append-only guard
--    is disabled for that UPDATE, inside this migration's transaction (nobody else sees it off).
--    The table's three indexes are dropped for the UPDATE and built again after it (the same names
--    and columns as 0003): at 4,000,000 entries, keeping them up to date row by row takes minutes,
--    building them seconds; the table is locked by the ALTER above until the migration commits.
--    Then every account's last balance_after must equal its balance, or the migration fails.
ALTER TABLE "ledger_entries" ADD COLUMN IF NOT EXISTS "balance_after" bigint;
--> statement-breakpoint
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";
--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_entries_tx_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_entries_account_idx";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT IF EXISTS "ledger_entries_pkey";
--> statement-breakpoint
UPDATE public.ledger_entries e SET balance_after = r.running
  FROM (SELECT id, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running FROM public.ledger_entries) r
 WHERE r.id = e.id;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id", "id");
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";
--> statement-breakpoint
-- (Set-based, two scans of the table: indexes built in this transaction over rows it updated are
-- not usable until it commits.)
DO $$
DECLARE
  wrong record;
BEGIN
  SELECT a.id, a.balance, coalesce(e.balance_after, 0) AS last INTO wrong
    FROM public.ledger_accounts a
    LEFT JOIN (SELECT account_id, max(id) AS last_id FROM public.ledger_entries GROUP BY account_id) l ON l.account_id = a.id
    LEFT JOIN public.ledger_entries e ON e.id = l.last_id
   WHERE a.balance <> coalesce(e.balance_after, 0)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger account %: balance % but its entries add up to %', wrong.id, wrong.balance, wrong.last USING ERRCODE = '23514';
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after" SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_apply() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  UPDATE public.ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
    RETURNING balance INTO NEW.balance_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger entry: account % does not exist', NEW.account_id USING ERRCODE = '23503';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_entries_apply" ON "ledger_entries";
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_apply();
--> statement-breakpoint
-- 2. ledger_transactions.currency: a ledger transaction is in one currency (postTransaction posts one;
--    the data generator too). Backfilled from its entries, refused when they are in several or none;
--    NOT NULL from now on, and an entry in another currency than its transaction's is refused.
--    The list's indexes replace the two old ones (created_at alone; reference type before id), which
--    nothing else reads and which the new ones cover; dropped before the UPDATE, built after it.
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "currency" text;
--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_transactions_merchant_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_transactions_ref_idx";
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DISABLE TRIGGER "ledger_transactions_append_only";
--> statement-breakpoint
UPDATE public.ledger_transactions t SET currency = e.currency
  FROM (SELECT transaction_id, min(currency) AS currency FROM public.ledger_entries GROUP BY transaction_id HAVING min(currency) = max(currency)) e
 WHERE e.transaction_id = t.id;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ENABLE TRIGGER "ledger_transactions_append_only";
--> statement-breakpoint
DO $$
DECLARE
  wrong bigint;
BEGIN
  SELECT id INTO wrong FROM public.ledger_transactions WHERE currency IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction %: its entries are in several currencies, or it has none', wrong USING ERRCODE = '23514';
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ALTER COLUMN "currency" SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_currency_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM public.ledger_accounts WHERE id = NEW.account_id AND currency = NEW.currency) THEN
    RAISE EXCEPTION 'ledger entry currency % does not match its account', NEW.currency USING ERRCODE = '23514';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM public.ledger_transactions WHERE id = NEW.transaction_id AND currency = NEW.currency) THEN
    RAISE EXCEPTION 'ledger entry currency % does not match its transaction %', NEW.currency, NEW.transaction_id USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- 3. The list's indexes (newest first, as the payments list's: DESC NULLS LAST, so the keyset export
--    and COPY orders walk them too). Without filters; by currency; by type, so that a rare type
--    (a reversal, later a withdrawal) is found without walking every capture; each includes the
--    other filter column, so a capped count under both filters reads the index alone.
CREATE INDEX IF NOT EXISTS "ledger_transactions_merchant_created_idx" ON "ledger_transactions" USING btree ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_transactions_merchant_currency_created_idx" ON "ledger_transactions" USING btree ("merchant_id", "currency", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("kind");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_transactions_merchant_kind_created_idx" ON "ledger_transactions" USING btree ("merchant_id", "kind", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("currency");
--> statement-breakpoint
-- The list's keyword (an exact reference id, of any type) and the look-up of a record's transactions (type and id).
CREATE INDEX IF NOT EXISTS "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("reference_id", "reference_type");
--> statement-breakpoint
-- Fresh statistics for the planner (a second or so; VACUUM cannot run in a migration's transaction,
-- autovacuum sets the visibility map the index-only counts read soon after).
ANALYZE "ledger_transactions";
--> statement-breakpoint
ANALYZE "ledger_entries";
