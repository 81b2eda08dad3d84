import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql as sqlTag } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { ensureAppRole, PG_APP_ROLE } from '../test/pg-admin';
import { scratchDatabases, type ScratchDatabases } from '../test/scratch-databases';
import { testSecrets } from '../test/test-keys';
import { openDatabase } from './client';
import { computed, typedRows } from './typed-rows';
import {
  MIGRATIONS_FOLDER,
  MissingMigrationsError,
  migrateEmbedded,
  migratePostgres,
  newerMigrationsNote,
  type AfterMigrations,
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
function folderWith(extra: { tag: string; sql: string }[], scratch: Pick<ScratchDatabases, 'defer'>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-migrations-'));
  scratch.defer(async () => fs.rmSync(folder, { recursive: true, force: true }));
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

/**
 * Migrations as a release step, with old and new instances side by side: MIGRATE_ON_START=false (check, never
 * migrate), a database a newer release migrated (served), no-transaction migrations (CREATE INDEX CONCURRENTLY, on
 * PGlite too, and the INVALID index a failed build leaves) and the lock_timeout that keeps a migration from holding up
 * writes.
 */
describe.sequential('migrations in a rolling deploy', () => {
  const scratch = scratchDatabases();
  afterAll(() => scratch.cleanup());

  if (inject('testDb') === 'postgres') {
    it('MIGRATE_ON_START=false: refuses a database that lacks migrations, naming them; opens a migrated one without migrating', async () => {
      const url = await scratch.fresh();
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
      const watcher = await scratch.connect(url);
      expect((await watcher.query("SELECT to_regclass('drizzle.__drizzle_migrations') AS t")).rows[0].t).toBeNull();

      // The release step migrates all but the last: the one missing is named.
      const allButLast = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-migrations-'));
      scratch.defer(async () => fs.rmSync(allButLast, { recursive: true, force: true }));
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
      // The server's own restricted role (a member of mbo_app, as DATABASE_URL in a deployment) may make the check.
      await ensureAppRole();
      const asApp = new URL(url);
      asApp.username = PG_APP_ROLE;
      const checked = await openDatabase({ databaseUrl: asApp.toString(), secrets: testSecrets(), migrate: false });
      try {
        expect(checked.migrations.missing).toEqual([]);
      } finally {
        await checked.close();
      }
    }, 120_000);

    it('a database a newer release migrated: an instance of this release starts and serves, with a note, either way', async () => {
      const url = await scratch.fresh();
      const next = folderWith(
        [{ tag: '9001_next_release', sql: 'ALTER TABLE merchants ADD COLUMN next_release_note text;' }],
        scratch,
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
      const url = await scratch.fresh();
      await migratePostgres(url);
      const admin = await scratch.connect(url);
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
        scratch,
      );
      const report = await migratePostgres(url, [], { folder });
      expect(report.applied).toEqual(['9001_cic']);
      expect(await valid()).toBe(true);
    }, 120_000);

    it('a migration waiting on a lock gives up after a second, holding up no write, and is tried again', async () => {
      const url = await scratch.fresh();
      await migratePostgres(url);
      const reader = await scratch.connect(url);
      const writer = await scratch.connect(url);
      const watcher = await scratch.connect(url);
      await reader.query('CREATE TABLE lock_test (x int)');
      // A long read holds the table (ACCESS SHARE): the migration's ALTER TABLE (ACCESS EXCLUSIVE) must wait for it.
      await reader.query('BEGIN; SELECT * FROM lock_test');
      const folder = folderWith([{ tag: '9001_lock', sql: 'ALTER TABLE lock_test ADD COLUMN y int;' }], scratch);
      const migrating = migratePostgres(url, [], { folder });
      /** The migration's ALTER is queued for the table's lock (db/migrate.ts names its connection mbo-migrate). */
      const alterWaits = async () =>
        (
          await watcher.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE application_name = 'mbo-migrate' AND wait_event_type = 'Lock' AND query LIKE 'ALTER TABLE lock_test%'`,
          )
        ).rows[0].n as number;
      await expect.poll(alterWaits, { timeout: 10_000 }).toBe(1);
      // A write queued behind the waiting ALTER goes through while the long read still holds the table: the ALTER
      // gave up at its lock_timeout instead of holding writes until the read ends.
      await writer.query('INSERT INTO lock_test (x) VALUES (1)');
      const columnY = `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'lock_test' AND column_name = 'y'`;
      expect((await writer.query(columnY)).rows[0].n).toBe(0);
      // It is tried again: queued once more while the read still holds the table, then applied once the read ends.
      await expect.poll(alterWaits, { timeout: 10_000 }).toBe(1);
      await reader.query('COMMIT');
      const report = await migrating;
      expect(report.applied).toEqual(['9001_lock']);
      expect((await writer.query(columnY)).rows[0].n).toBe(1);
      expect((await writer.query('SELECT count(*)::int AS n FROM lock_test')).rows[0].n).toBe(1);
    }, 120_000);
  } else {
    it('on the embedded database: CREATE INDEX CONCURRENTLY works in a no-transaction migration; MIGRATE_ON_START=false checks', async () => {
      const client = new PGlite();
      scratch.defer(() => client.close());
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
        scratch,
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
  }
});
