import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { asc, sql as sqlTag } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { runCli } from '../test/run-cli';
import { scratchDatabases } from '../test/scratch-databases';
import { TEST_DATA_ENCRYPTION_KEY, testSecrets } from '../test/test-keys';
import { loadConfig } from '../config';
import { DATA_KEY_FILE, secretBoxFor } from './data-keyring';
import { ROLE_DEFINITIONS } from '../modules/team';
import { openDatabase, type Database, type DbOrTx } from './client';
import { schema } from './full-schema';
import { roles } from './schema';
import { computed, typedRows } from './typed-rows';
import {
  MIGRATION_LOCK_KEY,
  MIGRATIONS_FOLDER,
  migratePostgres,
  type AfterMigrations,
  type MigrationConnection,
} from './migrate';

const JOURNAL = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { when: number }[];
};

/** The built-in roles of modules/team/built-in-roles.ts, as defined, in a database nobody seeded. */
async function expectBuiltInRoles(db: DbOrTx): Promise<void> {
  const rows = await db
    .select({ code: roles.code, menuUrls: roles.menuUrls, permissionCodes: roles.permissionCodes })
    .from(roles)
    .orderBy(asc(roles.sortOrder));
  expect(rows).toEqual(
    ROLE_DEFINITIONS.map((r) => ({ code: r.code, menuUrls: r.menuUrls, permissionCodes: r.permissionCodes })),
  );
  expect(rows.find((r) => r.code === 'FINANCE')?.permissionCodes).toContain('API_BANK_ACCOUNT_REVEAL');
}

/** Each migration of the journal applied exactly once, in the database's own record. */
async function expectEachMigrationOnce(db: DbOrTx) {
  const rows = await typedRows(
    db,
    { created_at: computed(Number) },
    sqlTag`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  expect(rows.map((r) => r.created_at)).toEqual(JOURNAL.entries.map((e) => e.when));
}

/** A client of the test's own (one that holds a lock, say), read through the query builder. */
function dbOf(client: pg.Client): DbOrTx {
  return drizzle(client, { schema });
}

describe.sequential('migrations', () => {
  const scratch = scratchDatabases();
  afterAll(() => scratch.cleanup());

  if (inject('testDb') === 'postgres') {
    it('survives an idle pooled connection that the server ends: the pool drops it and connects anew', async () => {
      const url = await scratch.fresh();
      const failures: string[] = [];
      const database = await openDatabase({
        databaseUrl: url,
        poolSize: 2,
        secrets: testSecrets(),
        onIdleError: (err) => failures.push(err.message),
      });
      scratch.defer(() => database.close());
      const pid = async () =>
        (await typedRows(database.db, { pid: computed(Number) }, sqlTag`SELECT pg_backend_pid() AS pid`))[0].pid;
      const before = await pid();
      const admin = await scratch.connect(url);
      await admin.query('SELECT pg_terminate_backend($1)', [before]);
      await expect.poll(() => failures.length, { timeout: 5000 }).toBe(1);
      expect(failures[0]).toMatch(/terminat/);
      expect(await pid()).not.toBe(before);
    });

    it('two instances opening one fresh database together both start, and each migration is applied once', async () => {
      const url = await scratch.fresh();
      const watcher = await scratch.connect(url);
      // Hold the migration lock, so both instances are provably queued on it before either migrates (and
      // the second one is still queued while the first builds an index CONCURRENTLY: migration 0031).
      await watcher.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      const hookRuns: string[] = [];
      const hook: AfterMigrations = async (connection) => {
        const { rows } = await connection.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        hookRuns.push(`${connection.kind}:${(rows[0] as { n: number }).n}`);
      };
      const opening = [0, 1].map(() =>
        openDatabase({ databaseUrl: url, poolSize: 2, secrets: testSecrets(), afterMigrations: [hook] }),
      );
      const settled = Promise.allSettled(opening);
      // Both are queued: each has tried the lock (its session's last statement) and found it taken.
      await expect
        .poll(
          async () =>
            (
              await watcher.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'mbo-migrate' AND query LIKE '%pg_try_advisory_lock%'",
              )
            ).rows[0].n,
          { interval: 20, timeout: 30_000 },
        )
        .toBe(2);
      // Nothing was created while the lock was held.
      expect((await watcher.query("SELECT to_regclass('drizzle.__drizzle_migrations') AS t")).rows[0].t).toBeNull();
      await watcher.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);

      const results = await settled;
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const databases = results.map((r) => (r as PromiseFulfilledResult<Database>).value);
      try {
        for (const database of databases) expect(database.migrated).toBe(true);
        await expectEachMigrationOnce(dbOf(watcher));
        // The hooks ran after the migrations, on the migration connection, once per instance.
        expect(hookRuns).toEqual([`postgres:${JOURNAL.entries.length}`, `postgres:${JOURNAL.entries.length}`]);
        // The lock was given back by both.
        const { rows } = await watcher.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ($1::bigint & 4294967295)::oid AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
          [MIGRATION_LOCK_KEY.toString()],
        );
        expect(rows[0].n).toBe(0);
      } finally {
        for (const database of databases) await database.close();
      }
    }, 60_000);

    it('gives the lock back when a migration step fails', async () => {
      const url = await scratch.fresh();
      const failing: AfterMigrations = async () => {
        throw new Error('hook failed');
      };
      await expect(migratePostgres(url, [failing])).rejects.toThrow('hook failed');
      const watcher = await scratch.connect(url);
      const { rows } = await watcher.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [
        MIGRATION_LOCK_KEY.toString(),
      ]);
      expect(rows[0].got).toBe(true);
      await watcher.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }, 60_000);

    it('`npm run migrate` migrates DATABASE_URL alone and exits 0; again, it finds nothing to do', async () => {
      const url = await scratch.fresh();
      for (let run = 0; run < 2; run++) {
        const { code, out } = await runCli('migrate-cli.ts', {
          DATABASE_URL: url,
          DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
        });
        expect(code, out).toBe(0);
        expect(out).toMatch(/Migrations applied to PostgreSQL in \d+ ms/);
      }
      const watcher = await scratch.connect(url);
      await expectEachMigrationOnce(dbOf(watcher));
      // Without demo data too (production), the built-in roles are there with this release's grants.
      await expectBuiltInRoles(dbOf(watcher));
    }, 120_000);
  } else {
    it('applies each migration once on the embedded database, running the hooks after them; a reopen changes nothing', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-migrate-'));
      scratch.defer(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const seen: MigrationConnection['kind'][] = [];
      const hook: AfterMigrations = async (connection) => {
        await connection.executeSql('SELECT count(*) FROM users WHERE email = $1', ['nobody@demo.test']);
        seen.push(connection.kind);
      };
      for (let open = 0; open < 2; open++) {
        const database = await openDatabase({ dataDir, secrets: testSecrets(), afterMigrations: [hook] });
        try {
          expect(database.migrated).toBe(true);
          await expectEachMigrationOnce(database.db);
        } finally {
          await database.close();
        }
      }
      expect(seen).toEqual(['pglite', 'pglite']);
    }, 120_000);

    it('`npm run migrate` migrates the embedded database in DATA_DIR and exits 0', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-migrate-cli-'));
      scratch.defer(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const { code, out } = await runCli('migrate-cli.ts', { DATA_DIR: dataDir });
      expect(code, out).toBe(0);
      expect(out).toContain(`Migrations applied to the embedded database in ${dataDir}`);
      // The embedded database's data key was made once, beside it, readable by its user only; it is read again from
      // there.
      expect(fs.statSync(path.join(dataDir, DATA_KEY_FILE)).mode & 0o077).toBe(0);
      const database = await openDatabase({ dataDir, secrets: secretBoxFor(loadConfig({ DATA_DIR: dataDir })) });
      try {
        await expectEachMigrationOnce(database.db);
        await expectBuiltInRoles(database.db);
      } finally {
        await database.close();
      }
    }, 120_000);
  }

  it('`npm run migrate` refuses a bad configuration with the reason and exit code 1', async () => {
    const { code, out } = await runCli('migrate-cli.ts', { DATABASE_URL: 'mysql://db.internal/backoffice' });
    expect(code).toBe(1);
    expect(out).toMatch(/Migrations failed: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
  }, 60_000);
});
