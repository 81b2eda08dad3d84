-- Ledger lockdown: the database, not the application, decides how money moves.
--
-- 1. Balances change only through the posting trigger. ledger_entries_apply (0004) becomes SECURITY
--    DEFINER: it updates the balance with its owner's rights, so the application's role needs no
--    UPDATE on ledger_accounts.balance (it has none, see 4). For every role, the owner included (the
--    embedded PGlite and single-role setups run everything as the owner), a BEFORE UPDATE trigger
--    refuses an UPDATE that is not issued by a trigger (pg_trigger_depth() < 2) and any change of an
--    account's id, owner, currency or type; accounts are never deleted or truncated.
--    Table names are schema-qualified in every ledger function, and the SECURITY DEFINER one pins
--    its search_path: a temporary table named like a ledger table cannot stand in for it.
CREATE OR REPLACE FUNCTION ledger_entries_apply() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  UPDATE public.ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'ledger accounts are permanent (% refused)', TG_OP USING ERRCODE = '42501';
  END IF;
  IF NEW.id <> OLD.id OR NEW.owner <> OLD.owner OR NEW.currency <> OLD.currency OR NEW.type <> OLD.type THEN
    RAISE EXCEPTION 'ledger account %: id, owner, currency and type never change', OLD.id USING ERRCODE = '42501';
  END IF;
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger account %: balances change only by posting ledger entries', OLD.id USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- The checks of 0004, with schema-qualified tables (same behaviour).
CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  SELECT currency, sum(amount) AS total INTO unbalanced
    FROM public.ledger_entries WHERE transaction_id = NEW.transaction_id
    GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in %: %', NEW.transaction_id, unbalanced.currency, unbalanced.total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_currency_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM public.ledger_accounts WHERE id = NEW.account_id AND currency = NEW.currency) THEN
    RAISE EXCEPTION 'ledger entry currency % does not match its account', NEW.currency USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- 2. A ledger transaction has entries: one without any is refused at commit.
CREATE OR REPLACE FUNCTION ledger_transaction_has_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM public.ledger_entries WHERE transaction_id = NEW.id) THEN
    RAISE EXCEPTION 'ledger transaction % has no entries', NEW.id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transaction_has_entries AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_has_entries();
--> statement-breakpoint
-- 3. The application's role. Migrations run as the owner of the tables (MIGRATION_DATABASE_URL);
--    the server runs as a LOGIN role that is a member of the group role mbo_app (DATABASE_URL),
--    which owns nothing, so it can neither drop nor disable a trigger. mbo_app gets:
--    - SELECT, INSERT, UPDATE, DELETE on every table, USAGE on every sequence, now and (default
--      privileges) on the tables and sequences later migrations of this owner create;
--    - only SELECT and INSERT on ledger_entries, ledger_transactions and audit_log (append-only);
--    - on ledger_accounts SELECT, INSERT and UPDATE of the id column only: SELECT ... FOR UPDATE
--      (the posting lock) needs UPDATE on some column, and the guard above never lets id change;
--    - TRUNCATE, REFERENCES and TRIGGER on nothing.
--    The role is created when missing (cluster-wide, so idempotent and safe when migrations of
--    several databases run at once). An owner without CREATEROLE, in a cluster where nobody created
--    mbo_app, gets a notice and a single-role setup (the app as the owner) that works as before.
--    A later migration that adds an append-only table revokes UPDATE, DELETE on it from mbo_app.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'mbo_app') THEN
    BEGIN
      CREATE ROLE mbo_app NOLOGIN;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL; -- created meanwhile by a migration of another database
      WHEN insufficient_privilege THEN
        RAISE NOTICE 'role mbo_app not created (% lacks CREATEROLE): the application must run as the owner, or create mbo_app and grant it as in 0007_ledger_lockdown.sql', current_user;
        RETURN;
    END;
  END IF;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO mbo_app;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO mbo_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO mbo_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO mbo_app;
  REVOKE UPDATE, DELETE, TRUNCATE ON public.ledger_entries, public.ledger_transactions, public.audit_log FROM mbo_app;
  REVOKE UPDATE, DELETE, TRUNCATE ON public.ledger_accounts FROM mbo_app;
  GRANT UPDATE (id) ON public.ledger_accounts TO mbo_app;
END $$;
