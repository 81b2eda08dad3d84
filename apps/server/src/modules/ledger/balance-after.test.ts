import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ledgerAccounts, ledgerEntries } from '../../db/payments-schema';
import { computed, orNull, typedRows } from '../../db/typed-rows';
import { MIGRATIONS_FOLDER, migrateEmbedded, migratePostgres } from '../../db/migrate';
import { databaseError } from '../../lib/db-error';
import { adminQuery, databaseUrl, waitUntilUnused } from '../../test/pg-admin';
import { createTestApp } from '../../test/harness';
import { createRefund } from '../refunds';
import { brokenAccounts, createPayment, settleAll, unbalancedTransactions } from '../payments/test-payments';

/** Entries whose balance_after is not the running sum of their account's amounts in id order (must be none). */
const WRONG_RUNNING_SUMS = `
  SELECT id, account_id, amount, balance_after FROM (
    SELECT id, account_id, amount, balance_after, coalesce(lag(balance_after) OVER w, 0) + amount AS expected,
           sum(amount) OVER (w ROWS UNBOUNDED PRECEDING) AS running
      FROM ledger_entries WINDOW w AS (PARTITION BY account_id ORDER BY id)) s
   WHERE balance_after IS DISTINCT FROM expected OR balance_after IS DISTINCT FROM running`;

/** Accounts whose balance is not their last entry's balance_after (0 without entries; must be none). */
const WRONG_LAST_BALANCES = `
  SELECT a.id, a.balance, l.balance_after FROM ledger_accounts a
    LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries e WHERE e.account_id = a.id ORDER BY e.id DESC LIMIT 1) l ON true
   WHERE a.balance <> coalesce(l.balance_after, 0)`;

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A database at migration 0013 (before balance_after): an empty copy of the migrations folder up to it. */
function foldersBefore0014(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-before-0014-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx < 14);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/**
 * A history posted as the application did before 0014 (accounts locked in id order, then the
 * transaction and its entries): captures, settlements and refunds of two merchants in two
 * currencies, interleaved. Returns the balances it should have left, owner|currency|type → minor units.
 */
async function postHistoryBefore0014(q: Query): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  const at = (key: string) => balances.get(key) ?? 0;
  const post = async (owner: string, currency: string, kind: string, ref: string, postings: [string, number][]) => {
    await q('BEGIN');
    const types = [...new Set(postings.map(([type]) => type))].sort();
    for (const type of types)
      await q('INSERT INTO ledger_accounts (owner, currency, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        owner,
        currency,
        type,
      ]);
    const accounts = await q(
      'SELECT id, type FROM ledger_accounts WHERE owner = $1 AND currency = $2 AND type = ANY($3::text[]) ORDER BY id FOR UPDATE',
      [owner, currency, types],
    );
    const idOf = new Map(accounts.map((a) => [String(a.type), Number(a.id)]));
    const [tx] = await q(
      'INSERT INTO ledger_transactions (merchant_id, kind, reference_type, reference_id) VALUES ($1, $2, $3, $4) RETURNING id',
      [owner, kind, kind === 'CAPTURE' ? 'PAYMENT' : kind, ref],
    );
    for (const [type, amount] of postings) {
      await q('INSERT INTO ledger_entries (transaction_id, account_id, currency, amount) VALUES ($1, $2, $3, $4)', [
        tx.id,
        idOf.get(type),
        currency,
        amount,
      ]);
      balances.set(`${owner}|${currency}|${type}`, at(`${owner}|${currency}|${type}`) + amount);
    }
    await q('COMMIT');
  };
  for (let i = 1; i <= 40; i++) {
    for (const owner of ['M9100001', 'M9100002']) {
      for (const currency of ['EUR', 'JPY']) {
        const gross = 1000 + ((i * 37) % 500);
        const fee = 20 + (i % 7);
        await post(owner, currency, 'CAPTURE', `PAY-${owner}-${currency}-${i}`, [
          ['CLEARING', -gross],
          ['PENDING', gross],
          ['PENDING', -fee],
          ['FEES', fee],
        ]);
        if (i % 3 === 0) {
          const pending = at(`${owner}|${currency}|PENDING`);
          await post(owner, currency, 'SETTLEMENT', `STL-${owner}-${currency}-${i}`, [
            ['PENDING', -pending],
            ['AVAILABLE', pending],
          ]);
        }
        if (i % 4 === 0) {
          const amount = Math.floor(at(`${owner}|${currency}|AVAILABLE`) / 5);
          if (amount > 0)
            await post(owner, currency, 'REFUND', `REF-${owner}-${currency}-${i}`, [
              ['AVAILABLE', -amount],
              ['CLEARING', amount],
            ]);
        }
      }
    }
  }
  return balances;
}

/**
 * A database migrated to 0013 (PGlite in memory, or a fresh PostgreSQL database as its owner) and the rest of the
 * migrations.
 */
interface Before0014 {
  q: Query;
  migrateRest(): Promise<unknown>;
  close(): Promise<void>;
}

async function databaseBefore0014(cleanups: (() => Promise<void>)[]): Promise<Before0014> {
  const folder = foldersBefore0014();
  cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
  if (inject('testDb') === 'postgres') {
    const name = `mbo_before0014_${randomUUID().slice(0, 8)}`;
    await adminQuery(`CREATE DATABASE "${name}"`);
    cleanups.push(async () => {
      await waitUntilUnused(name);
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
    const client = new pg.Client({ connectionString: databaseUrl(name) });
    await client.connect();
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
    return {
      q: async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[],
      migrateRest: () => migratePostgres(databaseUrl(name)),
      close: () => client.end(),
    };
  }
  const client = new PGlite();
  await client.waitReady;
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
  return {
    q: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    migrateRest: () => migrateEmbedded(client),
    close: () => client.close(),
  };
}

describe('ledger_entries.balance_after and ledger_transactions.currency (migration 0014)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("backfills existing entries with their accounts' running sums and transactions with their currency; the trigger keeps it up", async () => {
    const before = await databaseBefore0014(cleanups);
    try {
      const expected = await postHistoryBefore0014(before.q);
      await before.migrateRest();
      const { q } = before;
      expect(await q(WRONG_RUNNING_SUMS)).toEqual([]);
      expect(await q(WRONG_LAST_BALANCES)).toEqual([]);
      const accounts = await q('SELECT owner, currency, type, balance FROM ledger_accounts');
      expect(accounts.length).toBe(expected.size);
      for (const a of accounts)
        expect(Number(a.balance), `${a.owner} ${a.currency} ${a.type}`).toBe(
          expected.get(`${a.owner}|${a.currency}|${a.type}`),
        );
      // Every transaction has its entries' currency; both columns are NOT NULL now.
      expect(
        await q(
          'SELECT t.id FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id WHERE e.currency IS DISTINCT FROM t.currency',
        ),
      ).toEqual([]);
      expect(Number((await q('SELECT count(DISTINCT currency) AS n FROM ledger_transactions'))[0].n)).toBe(2);
      const nullable = await q(`SELECT table_name, is_nullable FROM information_schema.columns
        WHERE (table_name, column_name) IN (('ledger_entries', 'balance_after'), ('ledger_transactions', 'currency')) ORDER BY table_name`);
      expect(nullable).toEqual([
        { table_name: 'ledger_entries', is_nullable: 'NO' },
        { table_name: 'ledger_transactions', is_nullable: 'NO' },
      ]);
      const indexes = (
        await q("SELECT indexname FROM pg_indexes WHERE tablename = 'ledger_transactions' ORDER BY indexname")
      ).map((r) => r.indexname);
      expect(indexes).toEqual([
        'ledger_transactions_merchant_created_idx',
        'ledger_transactions_merchant_currency_created_idx',
        'ledger_transactions_merchant_kind_created_idx',
        'ledger_transactions_pkey',
        'ledger_transactions_reference_idx',
      ]);
      // The append-only guards are back on.
      expect(
        databaseError(await q('UPDATE ledger_entries SET balance_after = 0').catch((e: unknown) => e))?.message,
      ).toMatch(/append-only/);
      expect(
        databaseError(await q("UPDATE ledger_transactions SET currency = 'USD'").catch((e: unknown) => e))?.message,
      ).toMatch(/append-only/);

      // A posting after the migration: the trigger writes balance_after (a value given is overwritten).
      const [pending] = await q(
        "SELECT id, balance FROM ledger_accounts WHERE owner = 'M9100001' AND currency = 'EUR' AND type = 'PENDING'",
      );
      const [clearing] = await q(
        "SELECT id FROM ledger_accounts WHERE owner = 'M9100001' AND currency = 'EUR' AND type = 'CLEARING'",
      );
      const postCapture = async (amount: number, txCurrency = 'EUR') => {
        await q('BEGIN');
        try {
          const [tx] = await q(
            "INSERT INTO ledger_transactions (merchant_id, kind, currency, reference_type, reference_id) VALUES ('M9100001', 'CAPTURE', $1, 'PAYMENT', 'PAY-after') RETURNING id",
            [txCurrency],
          );
          await q(
            "INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after) VALUES ($1, $2, 'EUR', $3, 999999), ($1, $4, 'EUR', $5, 999999)",
            [tx.id, clearing.id, -amount, pending.id, amount],
          );
          await q('COMMIT');
          return null;
        } catch (err) {
          await q('ROLLBACK');
          return databaseError(err);
        }
      };
      expect(await postCapture(700)).toBeNull();
      const [last] = await q(
        'SELECT balance_after FROM ledger_entries WHERE account_id = $1 ORDER BY id DESC LIMIT 1',
        [pending.id],
      );
      expect(Number(last.balance_after)).toBe(Number(pending.balance) + 700);
      // Still refused: a pending balance below zero, and an entry in another currency than its transaction.
      expect(await postCapture(-(Number(pending.balance) + 701))).toMatchObject({ code: '23514' });
      expect(await postCapture(5, 'JPY')).toMatchObject({
        code: '23514',
        message: expect.stringMatching(/does not match its transaction/),
      });
      expect(await q(WRONG_RUNNING_SUMS)).toEqual([]);
      expect(await q(WRONG_LAST_BALANCES)).toEqual([]);
    } finally {
      await before.close();
    }
  }, 120_000);

  it('refuses to migrate a ledger whose balances do not add up from its entries, and changes nothing', async () => {
    const before = await databaseBefore0014(cleanups);
    try {
      await postHistoryBefore0014(before.q);
      const { q } = before;
      // Only the owner can do this, with the guard off: a balance that no entry explains.
      await q('ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guard');
      const [tampered] = await q(
        "UPDATE ledger_accounts SET balance = balance + 1 WHERE owner = 'M9100002' AND currency = 'JPY' AND type = 'AVAILABLE' RETURNING id",
      );
      await q('ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_guard');
      const failure = await before.migrateRest().then(
        () => null,
        (err: unknown) => err,
      );
      expect(databaseError(failure)?.message ?? String(failure)).toMatch(
        new RegExp(`ledger account ${String(tampered.id)}: balance \\d+ but its entries add up to \\d+`),
      );
      expect(
        await q(
          "SELECT 1 FROM information_schema.columns WHERE table_name = 'ledger_entries' AND column_name = 'balance_after'",
        ),
      ).toEqual([]);
      expect(Number((await q('SELECT count(*) AS n FROM drizzle.__drizzle_migrations'))[0].n)).toBe(14);
    } finally {
      await before.close();
    }
  }, 120_000);

  it('keeps balance_after right under parallel captures, settlements and refunds of one merchant (PostgreSQL: really at once)', async () => {
    const t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    cleanups.push(() => t.close());
    const db = t.database.db;
    const M = 'M1000001';
    await createPayment(db, { amount: 50_000_000, currency: 'USD' });
    const refundable: string[] = [];
    for (let i = 0; i < 20; i++) refundable.push((await createPayment(db, { amount: 5_000, currency: 'USD' })).id);
    const unsettled: { id: string; net: number }[] = [];
    for (let i = 0; i < 10; i++)
      unsettled.push(await createPayment(db, { amount: 7_000, currency: 'USD', settle: false }));
    const actor = { merchantId: M, userId: null, email: null, ip: null };
    const finisher = { jobs: t.app.jobs, delayMs: 600_000 };
    // Each its own database transaction (a capture and its settlement in one would lock out of id order).
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, i) =>
        createPayment(db, { amount: 10_000 + i, currency: 'USD', settle: false }),
      ),
      // The settlement cycle three times at once (each settles whatever is open then, unsettled included).
      ...Array.from({ length: 3 }, () => settleAll(db, M)),
      ...refundable.map((paymentId) =>
        createRefund(db, actor, { paymentId, amount: '1.00', reason: 'REQUESTED_BY_CUSTOMER' }, randomUUID(), finisher),
      ),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const e = ledgerEntries;
    const runningSums = { id: e.id, account_id: e.accountId, amount: e.amount, balance_after: e.balanceAfter };
    expect(await typedRows(db, runningSums, sql.raw(WRONG_RUNNING_SUMS))).toEqual([]);
    const lastBalances = {
      id: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      balance_after: orNull(e.balanceAfter),
    };
    expect(await typedRows(db, lastBalances, sql.raw(WRONG_LAST_BALANCES))).toEqual([]);
    expect(await unbalancedTransactions(db)).toEqual([]);
    expect(await brokenAccounts(db)).toEqual([]);
    const [{ n }] = await typedRows(
      db,
      { n: computed(Number) },
      sql.raw(`SELECT count(*) AS n FROM ledger_transactions t JOIN refunds r ON r.id = t.reference_id
      WHERE t.kind = 'REFUND' AND r.payment_id IN (${refundable.map((id) => `'${id}'`).join(', ')})`),
    );
    expect(n).toBe(refundable.length);
  }, 120_000);
});
