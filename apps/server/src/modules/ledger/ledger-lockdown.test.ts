import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/payments-schema';
import { auditLog } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { databaseUrl } from '../../test/pg-admin';
import { createTestApp, loginAs, type TestApp } from '../../test/harness';
import {
  balanceOf,
  brokenAccounts,
  createPayment,
  postRefund,
  unbalancedTransactions,
} from '../payments/test-payments';
import { databaseError } from '../../lib/db-error';

const M = 'M1000001';

interface DbFailure {
  code?: string;
  message: string;
}

const dbError = (err: unknown): DbFailure => databaseError(err) ?? { message: String(err) };

const ROLLBACK = new Error('rollback');

/**
 * The ledger rules the database holds, whatever the application does (item 8 of the hardening
 * issue). "As the app" is the server's own connection: on PostgreSQL a LOGIN member of mbo_app
 * (test/harness.ts), on PGlite the owner with SET LOCAL ROLE mbo_app. "As the owner" is the role
 * that ran the migrations (postgres): the triggers hold for it too.
 */
describe('ledger lockdown', () => {
  let t: TestApp;
  let owner: pg.Client | null = null;
  const db = () => t.database.db;

  /** Runs statements in one transaction as the app (or the owner) and rolls back; the first failure, or null. */
  async function attempt(as: 'app' | 'owner', ...statements: string[]): Promise<DbFailure | null> {
    if (as === 'owner' && owner) {
      await owner.query('BEGIN');
      try {
        for (const s of statements) await owner.query(s);
        return null;
      } catch (err) {
        return dbError(err);
      } finally {
        await owner.query('ROLLBACK');
      }
    }
    try {
      await db().transaction(async (tx) => {
        if (as === 'app' && t.kind === 'pglite') await tx.execute(sql`SET LOCAL ROLE mbo_app`);
        for (const s of statements) await tx.execute(sql.raw(s));
        throw ROLLBACK;
      });
      return null;
    } catch (err) {
      return err === ROLLBACK ? null : dbError(err);
    }
  }

  /** Like attempt, but commits: the deferred checks run at commit. */
  async function commit(as: 'app' | 'owner', ...statements: string[]): Promise<DbFailure | null> {
    if (as === 'owner' && owner) {
      await owner.query('BEGIN');
      try {
        for (const s of statements) await owner.query(s);
        await owner.query('COMMIT');
        return null;
      } catch (err) {
        await owner.query('ROLLBACK');
        return dbError(err);
      }
    }
    try {
      await db().transaction(async (tx) => {
        if (as === 'app' && t.kind === 'pglite') await tx.execute(sql`SET LOCAL ROLE mbo_app`);
        for (const s of statements) await tx.execute(sql.raw(s));
      });
      return null;
    } catch (err) {
      return dbError(err);
    }
  }

  let account: Pick<typeof ledgerAccounts.$inferSelect, 'id' | 'balance'>;
  let entry: number;
  let ledgerTx: number;
  let auditId: number;

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    if (t.kind === 'postgres') {
      const [{ name }] = await typedRows(db(), { name: computed(String) }, sql`SELECT current_database() AS name`);
      owner = new pg.Client({ connectionString: databaseUrl(name) });
      await owner.connect();
    }
    await createPayment(db(), { amount: 100_000, currency: 'USD' });
    const a = ledgerAccounts;
    [account] = await db()
      .select({ id: a.id, balance: a.balance })
      .from(a)
      .where(and(eq(a.owner, M), eq(a.currency, 'USD'), eq(a.type, 'AVAILABLE')));
    [{ id: entry, transactionId: ledgerTx }] = await db()
      .select({ id: ledgerEntries.id, transactionId: ledgerEntries.transactionId })
      .from(ledgerEntries)
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    [{ id: auditId }] = await db()
      .insert(auditLog)
      .values({ action: 'TEST_LOCKDOWN', outcome: 'SUCCESS' })
      .returning({ id: auditLog.id });
  });
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  it('runs the app as a member of mbo_app that owns no table and is no superuser (PostgreSQL)', async () => {
    const [who] = await typedRows(
      db(),
      {
        current_user: computed(String),
        member: computed(Boolean),
        superuser: computed(Boolean),
        owned: computed(Number),
      },
      sql`
      SELECT current_user, pg_has_role(current_user, 'mbo_app', 'MEMBER') AS member,
             (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
             (SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user) AS owned`,
    );
    if (t.kind === 'pglite') {
      // The embedded database has one user, the owner; the privilege checks below switch to mbo_app.
      expect(who.current_user).toBe('postgres');
      return;
    }
    expect(who).toMatchObject({ member: true, superuser: false });
    expect(who.owned).toBe(0);
    expect(who.current_user).not.toBe('postgres');
  });

  it('refuses a direct UPDATE of a balance, owner, currency or type, as the app and as the owner', async () => {
    for (const as of ['app', 'owner'] as const) {
      for (const set of [
        'balance = balance + 1000000',
        'balance = 0',
        "owner = 'M9999999'",
        "currency = 'EUR'",
        "type = 'FEES'",
        'id = id + 100000',
      ]) {
        const refused = await attempt(as, `UPDATE ledger_accounts SET ${set} WHERE id = ${account.id}`);
        expect(refused, `${as}: SET ${set}`).toMatchObject({ code: '42501' });
      }
      expect(await attempt(as, 'UPDATE ledger_accounts SET balance = balance')).toMatchObject({ code: '42501' });
      expect(await attempt(as, `DELETE FROM ledger_accounts WHERE id = ${account.id}`), as).toMatchObject({
        code: '42501',
      });
      expect(await attempt(as, 'TRUNCATE ledger_accounts CASCADE'), as).toMatchObject({ code: '42501' });
    }
    // The owner is stopped by the guard trigger; the app already by its privileges.
    expect(
      (await attempt('owner', `UPDATE ledger_accounts SET balance = 1 WHERE id = ${account.id}`))?.message,
    ).toMatch(/balances change only by posting/);
    expect((await attempt('app', `UPDATE ledger_accounts SET balance = 1 WHERE id = ${account.id}`))?.message).toMatch(
      /permission denied|balances change only by posting/,
    );
    expect(await balanceOf(db(), M, 'USD')).toBe(Number(account.balance));
  });

  it('refuses UPDATE, DELETE and TRUNCATE of ledger entries, ledger transactions and audit rows as the app', async () => {
    const statements = [
      `UPDATE ledger_entries SET amount = amount + 1 WHERE id = ${entry}`,
      `DELETE FROM ledger_entries WHERE id = ${entry}`,
      'TRUNCATE ledger_entries',
      `UPDATE ledger_transactions SET kind = 'NOTHING' WHERE id = ${ledgerTx}`,
      `DELETE FROM ledger_transactions WHERE id = ${ledgerTx}`,
      'TRUNCATE ledger_transactions CASCADE',
      `UPDATE audit_log SET outcome = 'SUCCESS' WHERE id = ${auditId}`,
      `DELETE FROM audit_log WHERE id = ${auditId}`,
      'TRUNCATE audit_log',
    ];
    for (const s of statements) {
      // By the privileges, not only by the triggers: the app role holds none of these rights.
      const refused = await attempt('app', s);
      expect(refused?.code, `${s}: ${refused?.message}`).toBe('42501');
      expect(refused?.message, s).toMatch(/permission denied/);
    }
    // The owner is held by the triggers.
    for (const s of statements) expect(await attempt('owner', s), `owner: ${s}`).not.toBeNull();
  });

  it('does not let the app drop, disable or replace the ledger and audit triggers', async () => {
    const statements = [
      'DROP TRIGGER ledger_entries_apply ON ledger_entries',
      'DROP TRIGGER ledger_transaction_balanced ON ledger_entries',
      'DROP TRIGGER ledger_accounts_guard ON ledger_accounts',
      'DROP TRIGGER audit_log_no_update ON audit_log',
      'ALTER TABLE ledger_entries DISABLE TRIGGER ALL',
      'ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guard',
      'DROP TABLE ledger_entries CASCADE',
      "CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END'",
      'ALTER TABLE ledger_accounts OWNER TO mbo_app',
    ];
    for (const s of statements) {
      const refused = await attempt('app', s);
      expect(refused?.code, `${s}: ${refused?.message}`).toBe('42501');
    }
    // A temporary table named like a ledger table does not stand in for it in the ledger's triggers.
    const hijack = await commit(
      'app',
      'CREATE TEMP TABLE ledger_entries (transaction_id bigint, currency text, amount bigint) ON COMMIT DROP',
      `INSERT INTO public.ledger_transactions (merchant_id, kind, currency, reference_type, reference_id) VALUES ('${M}', 'HIJACK', 'USD', 'TEST', 'hijack')`,
      `INSERT INTO public.ledger_entries (transaction_id, account_id, currency, amount)
         SELECT currval(pg_get_serial_sequence('public.ledger_transactions', 'id')), ${account.id}, 'USD', 500`,
    );
    expect(hijack?.code, hijack?.message).toBe('23514');
    expect(await balanceOf(db(), M, 'USD')).toBe(Number(account.balance));
  });

  it('refuses a ledger transaction without entries at commit, as the app and as the owner', async () => {
    for (const as of ['app', 'owner'] as const) {
      const refused = await commit(
        as,
        `INSERT INTO ledger_transactions (merchant_id, kind, currency, reference_type, reference_id) VALUES ('${M}', 'EMPTY', 'USD', 'TEST', 'empty-${as}')`,
      );
      expect(refused, as).toMatchObject({ code: '23514' });
      expect(refused?.message).toMatch(/has no entries/);
    }
    const [left] = await db()
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'EMPTY'));
    expect(left.n).toBe(0);
    // An unbalanced one is still refused too.
    const unbalanced = await commit(
      'app',
      `INSERT INTO ledger_transactions (merchant_id, kind, currency, reference_type, reference_id) VALUES ('${M}', 'ONE_SIDED', 'USD', 'TEST', 'one-sided')`,
      `INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
         VALUES (currval(pg_get_serial_sequence('ledger_transactions', 'id')), ${account.id}, 'USD', 500)`,
    );
    expect(unbalanced).toMatchObject({ code: '23514' });
  });

  it('still posts through the app: captures, settlements and refunds move balances by their entries only', async () => {
    const before = await balanceOf(db(), M, 'EUR');
    const p = await createPayment(db(), { amount: 20_000, currency: 'EUR' });
    expect(await balanceOf(db(), M, 'EUR')).toBe(before + p.net);
    const cookie = await loginAs(t.app, 'finance@demo.test');
    const res = await postRefund(t.app, cookie, { paymentId: p.id, amount: '12.34', reason: 'REQUESTED_BY_CUSTOMER' });
    expect(res.body.code).toBe('000000');
    expect(await balanceOf(db(), M, 'EUR')).toBe(before + p.net - 1234);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect(await brokenAccounts(db())).toEqual([]);
    const empty = await typedRows(
      db(),
      { id: ledgerTransactions.id },
      sql`SELECT t.id FROM ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)`,
    );
    expect(empty).toEqual([]);
  });
});
