/**
 * Behind PgBouncer in transaction mode, what relies on a server session, and what does not:
 *
 * - The migrations hold a session-level advisory lock (migrate.ts). Through the pooler each statement may run in
 *   another server session, shared with other clients: two instances migrated side by side (the second took the
 *   re-entrant lock again in the first's session). They now refuse a pooled connection before any lock or work,
 *   naming MIGRATION_DATABASE_URL, which must reach the server directly.
 * - The server itself (DATABASE_URL through the pooler) relies on no session: its locks are transaction-level
 *   (pg_advisory_xact_lock, SELECT … FOR UPDATE), pg-boss's too. Two instances through the pooler run the
 *   settlement runs (which serialise on a transaction lock) and the job queue at once, settling nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { SETTLEMENT_PATHS, type SandboxAdvanceResult } from '@mbo/contracts/settlements';
import { call, createSecondApp, createTestApp, loginAs, type TestApp } from '../test/harness';
import { adminQuery, databaseUrl, PG_APP_ROLE } from '../test/pg-admin';
import { testSecrets } from '../test/test-keys';
import { startPgBouncer, type PgBouncer } from '../test/topology/pgbouncer';
import { brokenAccounts, unbalancedTransactions } from '../modules/payments/test-payments';
import { openDatabase, type Database } from './client';
import { migratePostgres, type AfterMigrations } from './migrate';
import { computed, typedRows } from './typed-rows';

const DIRECT_CONNECTION_NEEDED = /need a direct connection to PostgreSQL[\s\S]*MIGRATION_DATABASE_URL/;

describe('the migrations behind a pooler', () => {
  const name = `mbo_pooler_${randomUUID().slice(0, 8)}`;
  let pooler: PgBouncer;
  beforeAll(async () => {
    // One server connection per database and user: the statements of both migrating instances share one server
    // session, as the clients of a busy pool share its few connections.
    pooler = await startPgBouncer({ poolSize: 1 });
    await adminQuery(`CREATE DATABASE "${name}"`);
  });
  afterAll(async () => {
    await pooler?.stop();
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  const state = async () => {
    const { rows } = await pooledQuery(
      pooler.url(name),
      `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated,
              (SELECT count(*)::int FROM pg_locks l JOIN pg_database d ON d.oid = l.database
                WHERE l.locktype = 'advisory' AND d.datname = current_database()) AS "advisoryLocks"`,
    );
    return rows[0];
  };

  it('two instances migrating through PgBouncer at once are both refused before any lock or work (they used to migrate side by side)', async () => {
    let hooks = 0;
    const hook: AfterMigrations = async () => {
      hooks++;
    };
    const results = await Promise.allSettled([
      migratePostgres(pooler.url(name), [hook]),
      migratePostgres(pooler.url(name), [hook]),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect(String((result as PromiseRejectedResult).reason)).toMatch(DIRECT_CONNECTION_NEEDED);
    }
    expect(hooks).toBe(0);
    expect(await state()).toEqual({ migrated: false, advisoryLocks: 0 });
  });

  it('a server whose DATABASE_URL is the pooler and has no MIGRATION_DATABASE_URL refuses to start, naming it', async () => {
    await expect(openDatabase({ databaseUrl: pooler.url(name), secrets: testSecrets(), poolSize: 1 })).rejects.toThrow(
      DIRECT_CONNECTION_NEEDED,
    );
    // The same migrations on a direct connection run (the server keeps the pooler for everything else).
    const database = await openDatabase({
      databaseUrl: pooler.url(name),
      migrationDatabaseUrl: databaseUrl(name),
      secrets: testSecrets(),
      poolSize: 1,
    });
    try {
      expect(database.migrated).toBe(true);
      expect(await state()).toEqual({ migrated: true, advisoryLocks: 0 });
    } finally {
      await database.close();
    }
  });
});

describe('two server instances behind a pooler', () => {
  let pooler: PgBouncer | undefined;
  let t: TestApp;
  let second: Database | undefined;

  beforeAll(async () => {
    // Server connections enough for two settlement runs at once: they meet on their transaction lock.
    pooler = await startPgBouncer({ poolSize: 10 });
    t = await createTestApp({ connectThrough: (database, user) => pooler!.url(database, user) });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await pooler?.stop();
  });

  it('run the settlement runs and the job queue at once through PgBouncer: every batch settles once, the ledger balances', async () => {
    const [{ name }] = await typedRows(
      t.database.db,
      { name: computed(String) },
      sql`SELECT current_database() AS name`,
    );
    second = await openDatabase({
      databaseUrl: pooler!.url(name, PG_APP_ROLE),
      migrationDatabaseUrl: databaseUrl(name),
      poolSize: 10,
      secrets: t.database.secrets,
    });
    const other = await createSecondApp(t, { database: second });
    try {
      // Both really talk to the pooler: the key a connection was given is not its server backend's.
      for (const database of [t.database, second]) expect(await throughPooler(database)).toBe(true);

      const owner = await loginAs(t.app, 'owner@demo.test');
      expect(
        await countOf(t, `SELECT count(*)::int AS n FROM settlement_batches WHERE status = 'OPEN'`),
      ).toBeGreaterThan(0);
      const settlementsBefore = await countOf(t, `SELECT count(*)::int AS n FROM settlements`);
      // The same session on both instances (sessions live in the database), the same sandbox clock move at once.
      const advance = (app: typeof t.app) =>
        call(app, 'POST', SETTLEMENT_PATHS.sandboxAdvance, { cookie: owner, payload: { days: 14 } });
      const answers = await Promise.all([advance(t.app), advance(other), advance(t.app), advance(other)]);
      const results = answers.map((res) => {
        expect(res.body.code, res.body.msg).toBe('000000');
        return res.body.data as SandboxAdvanceResult;
      });
      await Promise.all([t.app.jobs.drain(), other.jobs.drain()]);

      const settled = results.reduce((sum, r) => sum + r.settlements, 0);
      expect(settled).toBeGreaterThan(0);
      // As many settlements made as the runs reported, each with its own batches (a batch taken by two runs would
      // leave one settlement without any), and nothing of Demo Store left open.
      expect(await countOf(t, `SELECT count(*)::int AS n FROM settlements`)).toBe(settlementsBefore + settled);
      expect(
        await countOf(
          t,
          `SELECT count(*)::int AS n FROM settlements s
            WHERE (SELECT count(*) FROM settlement_batches b WHERE b.settlement_id = s.id AND b.status = 'SETTLED') = 0`,
        ),
      ).toBe(0);
      expect(
        await countOf(
          t,
          `SELECT count(*)::int AS n FROM settlement_batches WHERE status = 'OPEN' AND merchant_id = 'M1000001'`,
        ),
      ).toBe(0);
      // A batch settled twice would have moved its net twice: the ledger would not balance against the batches.
      expect(await unbalancedTransactions(t.database.db)).toEqual([]);
      expect(await brokenAccounts(t.database.db)).toEqual([]);
      expect(await countOf(t, `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('failed', 'active')`)).toBe(0);
    } finally {
      await other.close();
    }
  });
});

/** One query on a connection of its own (through the pooler when the URL is its). */
async function pooledQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Whether a database's connections go through a pooler: the backend key it announced is not the backend's pid. */
async function throughPooler(database: Database): Promise<boolean> {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return rows[0].pid !== (client as unknown as { processID: number }).processID;
  } finally {
    client.release();
  }
}

async function countOf(t: TestApp, text: string): Promise<number> {
  const [{ n }] = await typedRows(t.database.db, { n: computed(Number) }, sql.raw(text));
  return n;
}
