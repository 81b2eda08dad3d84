import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { asc, sql as sqlTag } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { adminQuery, databaseUrl, waitUntilUnused } from '../test/pg-admin';
import { TEST_DATA_ENCRYPTION_KEY, testSecrets } from '../test/test-keys';
import { loadConfig } from '../config';
import { DATA_KEY_FILE, secretBoxFor } from './data-keyring';
import { ROLE_DEFINITIONS } from '../modules/team';
import { openDatabase, type Database, type DbOrTx } from './client';
import { schema } from './full-schema';
import { roles } from './schema';
import { computed, typedRows } from './typed-rows';
import { PGlite } from '@electric-sql/pglite';
import {
  MIGRATION_LOCK_KEY,
  MIGRATIONS_FOLDER,
  MissingMigrationsError,
  migrateEmbedded,
  migratePostgres,
  newerMigrationsNote,
  type AfterMigrations,
  type MigrationConnection,
} from './migrate';
import { NO_TRANSACTION_MARKER } from './migration-files';

const JOURNAL = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { when: number; tag: string }[];
};
const TAGS = JOURNAL.entries.map((e) => e.tag);
const NEXT_KEY = JOURNAL.entries[JOURNAL.entries.length - 1].when + 1000;

/**
 * A copy of the migrations folder with more migrations after the shipped ones (as the next release would ship them),
 * removed at the end. Returns the folder.
 */
function folderWith(extra: { tag: string; sql: string }[], cleanups: (() => Promise<void>)[]): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-migrations-'));
  cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: object[];
  };
  extra.forEach((m, i) => {
    fs.writeFileSync(path.join(folder, `${m.tag}.sql`), m.sql);
    journal.entries.push({
      idx: journal.entries.length,
      version: '7',
      when: NEXT_KEY + i,
      tag: m.tag,
      breakpoints: true,
    });
  });
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal, null, 2));
  return folder;
}
const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

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

/** `npm run migrate` (the release step) as a process of its own; resolves with its exit code and output. */
function runMigrateCli(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/migrate-cli.ts'], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH, ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe.sequential('migrations', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  if (inject('testDb') === 'postgres') {
    /** A fresh, empty database on the test server, dropped at the end. */
    async function freshDatabase(): Promise<string> {
      const name = `mbo_migrate_${randomUUID().slice(0, 8)}`;
      await adminQuery(`CREATE DATABASE "${name}"`);
      cleanups.push(async () => {
        await waitUntilUnused(name);
        await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
      return databaseUrl(name);
    }

    async function connect(url: string): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      cleanups.push(() => client.end());
      return client;
    }

    it('survives an idle pooled connection that the server ends: the pool drops it and connects anew', async () => {
      const url = await freshDatabase();
      const failures: string[] = [];
      const database = await openDatabase({
        databaseUrl: url,
        poolSize: 2,
        secrets: testSecrets(),
        onIdleError: (err) => failures.push(err.message),
      });
      cleanups.push(() => database.close());
      const pid = async () =>
        (await typedRows(database.db, { pid: computed(Number) }, sqlTag`SELECT pg_backend_pid() AS pid`))[0].pid;
      const before = await pid();
      const admin = await connect(url);
      await admin.query('SELECT pg_terminate_backend($1)', [before]);
      await expect.poll(() => failures.length, { timeout: 5000 }).toBe(1);
      expect(failures[0]).toMatch(/terminat/);
      expect(await pid()).not.toBe(before);
    });

    it('two instances opening one fresh database together both start, and each migration is applied once', async () => {
      const url = await freshDatabase();
      const watcher = await connect(url);
      // Hold the migration lock, so both instances are provably queued on it before either migrates.
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
      for (;;) {
        const { rows } = await watcher.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = ($1::bigint & 4294967295)::oid AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
          [MIGRATION_LOCK_KEY.toString()],
        );
        if (rows[0].n === 2) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
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
      const url = await freshDatabase();
      const failing: AfterMigrations = async () => {
        throw new Error('hook failed');
      };
      await expect(migratePostgres(url, [failing])).rejects.toThrow('hook failed');
      const watcher = await connect(url);
      const { rows } = await watcher.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [
        MIGRATION_LOCK_KEY.toString(),
      ]);
      expect(rows[0].got).toBe(true);
      await watcher.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    });

    it('MIGRATE_ON_START=false: refuses a database that lacks migrations, naming them; opens a migrated one without migrating', async () => {
      const url = await freshDatabase();
      const hookRuns: string[] = [];
      const hook: AfterMigrations = async () => void hookRuns.push('ran');
      const refused = await openDatabase({
        databaseUrl: url,
        secrets: testSecrets(),
        migrate: false,
        afterMigrations: [hook],
      }).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(MissingMigrationsError);
      expect((refused as MissingMigrationsError).missing).toEqual(TAGS);
      expect((refused as Error).message).toContain(`this release ships: ${TAGS.join(', ')}`);
      expect((refused as Error).message).toContain('npm run migrate');
      // Nothing was created by the check.
      const watcher = await connect(url);
      expect((await watcher.query("SELECT to_regclass('drizzle.__drizzle_migrations') AS t")).rows[0].t).toBeNull();

      // The release step migrates all but the last: the one missing is named.
      const allButLast = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-migrations-'));
      cleanups.push(async () => fs.rmSync(allButLast, { recursive: true, force: true }));
      fs.cpSync(MIGRATIONS_FOLDER, allButLast, { recursive: true });
      fs.writeFileSync(
        path.join(allButLast, 'meta/_journal.json'),
        JSON.stringify({ ...JOURNAL, entries: JOURNAL.entries.slice(0, -1) }),
      );
      await migratePostgres(url, [], { folder: allButLast });
      await expect(openDatabase({ databaseUrl: url, secrets: testSecrets(), migrate: false })).rejects.toThrow(
        `lacks 1 migration this release ships: ${TAGS[TAGS.length - 1]}.`,
      );

      await migratePostgres(url);
      const database = await openDatabase({
        databaseUrl: url,
        secrets: testSecrets(),
        migrate: false,
        afterMigrations: [hook],
      });
      try {
        expect(database.migrated).toBe(true);
        expect(database.migrations).toEqual({ missing: [], newer: [], applied: [], hooksRan: false });
      } finally {
        await database.close();
      }
      expect(hookRuns).toEqual([]);
    }, 120_000);

    it('a database a newer release migrated: an instance of this release starts and serves, with a note, either way', async () => {
      const url = await freshDatabase();
      const next = folderWith(
        [{ tag: '9001_next_release', sql: 'ALTER TABLE merchants ADD COLUMN next_release_note text;' }],
        cleanups,
      );
      // The next release's step ran first (a rolling deploy): its migration is in the database, not in this build.
      await migratePostgres(url, [], { folder: next });
      const hookRuns: string[] = [];
      const hook: AfterMigrations = async () => void hookRuns.push('ran');
      for (const migrate of [true, false]) {
        const database = await openDatabase({
          databaseUrl: url,
          secrets: testSecrets(),
          migrate,
          afterMigrations: [hook],
        });
        try {
          expect(database.migrations.newer).toEqual([NEXT_KEY]);
          expect(database.migrations.applied).toEqual([]);
          expect(newerMigrationsNote(database.migrations)).toMatch(/1 migration newer than this release ships/);
          // It serves.
          expect(
            (await typedRows(database.db, { n: computed(Number) }, sqlTag`SELECT count(*) AS n FROM merchants`))[0].n,
          ).toBeGreaterThanOrEqual(0);
        } finally {
          await database.close();
        }
      }
      // The newer release's hooks ran with its step; this older build writes none over them.
      expect(hookRuns).toEqual([]);
    }, 120_000);

    it('a no-transaction migration builds its index CONCURRENTLY, dropping the INVALID one a failed build left', async () => {
      const url = await freshDatabase();
      await migratePostgres(url);
      const admin = await connect(url);
      await admin.query('CREATE TABLE cic_test (x int); INSERT INTO cic_test VALUES (1), (1), (2)');
      // A concurrent build that fails half-way (duplicates) leaves its index behind, INVALID.
      await expect(admin.query('CREATE UNIQUE INDEX CONCURRENTLY cic_test_x ON cic_test (x)')).rejects.toThrow();
      const valid = async () =>
        (
          await admin.query<{ v: boolean }>(
            "SELECT indisvalid AS v FROM pg_index WHERE indexrelid = 'cic_test_x'::regclass",
          )
        ).rows[0]?.v;
      expect(await valid()).toBe(false);
      await admin.query('DELETE FROM cic_test WHERE ctid = (SELECT min(ctid) FROM cic_test WHERE x = 1)');
      const folder = folderWith(
        [
          {
            tag: '9001_cic',
            sql: `${NO_TRANSACTION_MARKER}\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS cic_test_x ON cic_test (x);`,
          },
        ],
        cleanups,
      );
      const report = await migratePostgres(url, [], { folder });
      expect(report.applied).toEqual(['9001_cic']);
      expect(await valid()).toBe(true);
    }, 120_000);

    it('a migration waiting on a lock gives up after a second, holding up no write, and is tried again', async () => {
      const url = await freshDatabase();
      await migratePostgres(url);
      const reader = await connect(url);
      const writer = await connect(url);
      await reader.query('CREATE TABLE lock_test (x int)');
      // A long read holds the table (ACCESS SHARE): the migration's ALTER TABLE (ACCESS EXCLUSIVE) must wait for it.
      await reader.query('BEGIN; SELECT * FROM lock_test');
      const folder = folderWith([{ tag: '9001_lock', sql: 'ALTER TABLE lock_test ADD COLUMN y int;' }], cleanups);
      const started = performance.now();
      const migrating = migratePostgres(url, [], { folder });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Writes queued behind the waiting ALTER wait at most its lock_timeout, not until the long read ends.
      const writeStarted = performance.now();
      await writer.query('INSERT INTO lock_test (x) VALUES (1)');
      expect(performance.now() - writeStarted).toBeLessThan(1500);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await reader.query('COMMIT');
      const report = await migrating;
      expect(report.applied).toEqual(['9001_lock']);
      expect(performance.now() - started).toBeGreaterThan(1000);
    }, 120_000);

    it('`npm run migrate` migrates DATABASE_URL alone and exits 0; again, it finds nothing to do', async () => {
      const url = await freshDatabase();
      for (let run = 0; run < 2; run++) {
        const { code, out } = await runMigrateCli({ DATABASE_URL: url, DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY });
        expect(code, out).toBe(0);
        expect(out).toMatch(/Migrations applied to PostgreSQL in \d+ ms/);
      }
      const watcher = await connect(url);
      await expectEachMigrationOnce(dbOf(watcher));
      // Without demo data too (production), the built-in roles are there with this release's grants.
      await expectBuiltInRoles(dbOf(watcher));
    }, 120_000);
  } else {
    it('applies each migration once on the embedded database, running the hooks after them; a reopen changes nothing', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-migrate-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
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

    it('on the embedded database: CREATE INDEX CONCURRENTLY works in a no-transaction migration; MIGRATE_ON_START=false checks', async () => {
      const client = new PGlite();
      cleanups.push(() => client.close());
      await expect(migrateEmbedded(client, [], { migrate: false })).rejects.toThrow(
        `lacks ${TAGS.length} migrations this release ships: ${TAGS[0]}`,
      );
      const folder = folderWith(
        [
          { tag: '9001_table', sql: 'CREATE TABLE cic_test (x int);' },
          {
            tag: '9002_cic',
            sql: `${NO_TRANSACTION_MARKER}\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS cic_test_x ON cic_test (x);`,
          },
        ],
        cleanups,
      );
      const report = await migrateEmbedded(client, [], { folder });
      expect(report.applied).toEqual([...TAGS, '9001_table', '9002_cic']);
      expect(
        (
          await client.query<{ v: boolean }>(
            "SELECT indisvalid AS v FROM pg_index WHERE indexrelid = 'cic_test_x'::regclass",
          )
        ).rows[0].v,
      ).toBe(true);
      // This build (without the two) opens it, checking only, and says the database is newer.
      const checked = await migrateEmbedded(client, [], { migrate: false });
      expect(checked.newer).toEqual([NEXT_KEY, NEXT_KEY + 1]);
    }, 120_000);

    it('`npm run migrate` migrates the embedded database in DATA_DIR and exits 0', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-migrate-cli-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const { code, out } = await runMigrateCli({ DATA_DIR: dataDir });
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
    const { code, out } = await runMigrateCli({ DATABASE_URL: 'mysql://db.internal/backoffice' });
    expect(code).toBe(1);
    expect(out).toMatch(/Migrations failed: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
  }, 60_000);
});
