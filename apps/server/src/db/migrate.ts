import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * The SQL migrations and their journal (meta/_journal.json, all the drizzle migrator reads). Beside
 * this file in src (src/db/migrations); the build copies them beside the bundle (dist/migrations).
 */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

/**
 * The key of the session-level advisory lock the migrations run under (pg_advisory_lock): any
 * fixed bigint, the same in every instance. Whoever holds it migrates; the others wait, then find
 * nothing left to do.
 */
export const MIGRATION_LOCK_KEY = 4_817_220_914_330_155n;

/** The migration connection as a hook sees it: the tables' owner, under the migration lock. */
export interface MigrationConnection {
  kind: 'pglite' | 'postgres';
  /** Runs one statement (with $1… parameters); the shape pg-boss's `db.executeSql` adapter expects. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Work that belongs to the release step and runs after the SQL migrations, on the same connection
 * and still under the lock: e.g. creating a job queue's own schema. Entry points pass the list in
 * src/migration-hooks.ts to openDatabase and to `npm run migrate`.
 */
export type AfterMigrations = (connection: MigrationConnection) => Promise<void>;

/**
 * Migrates a PostgreSQL database on a connection of its own (as the migration role, the owner of
 * the tables), holding MIGRATION_LOCK_KEY from before the migrator creates its own table to after
 * the hooks: two instances starting together on one database never race (a second waits, then
 * finds every migration applied). The lock is released, and the connection closed, even on failure.
 */
export async function migratePostgres(
  connectionString: string,
  afterMigrations: readonly AfterMigrations[] = [],
): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'mbo-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      const connection: MigrationConnection = {
        kind: 'postgres',
        executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }),
      };
      for (const hook of afterMigrations) await hook(connection);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end();
  }
}

/** Migrates the embedded database. PGlite is one session inside this one process: nothing to race with. */
export async function migrateEmbedded(client: PGlite, afterMigrations: readonly AfterMigrations[] = []): Promise<void> {
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const connection: MigrationConnection = {
    kind: 'pglite',
    // A script without parameters (pg-boss's schema scripts) has several statements: the simple protocol (exec).
    executeSql: async (text, values) => ({
      rows: values?.length ? (await client.query(text, values)).rows : ((await client.exec(text)).at(-1)?.rows ?? []),
    }),
  };
  for (const hook of afterMigrations) await hook(connection);
}
