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
 * Migrates a PostgreSQL database on a direct connection of its own (as the migration role, the owner of
 * the tables; a connection through a pooler is refused), holding MIGRATION_LOCK_KEY from before the
 * migrator creates its own table to after the hooks: two instances starting together on one database
 * never race (a second waits, then finds every migration applied). The lock is released, and the
 * connection closed, even on failure.
 */
export async function migratePostgres(
  connectionString: string,
  afterMigrations: readonly AfterMigrations[] = [],
): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'mbo-migrate' });
  await client.connect();
  try {
    await refusePooledConnection(client);
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

/**
 * The migration lock is a session-level advisory lock: it belongs to the server session that took it, so the
 * migrations need a direct connection (MIGRATION_DATABASE_URL). Through a pooler in transaction mode (PgBouncer) each
 * statement may run in another server session, which other clients share: the lock is taken in one, released in
 * another (or never), and a second instance whose statement lands in the first session takes it again (advisory locks
 * are re-entrant) and migrates beside the first. A direct connection's BackendKeyData names its own backend
 * (pg_backend_pid()); a pooler hands its clients keys of its own. So a pooled connection is refused before any lock.
 */
async function refusePooledConnection(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const announced = (client as unknown as { processID: number | null }).processID;
  if (rows[0]?.pid === announced) return;
  throw new Error(
    'The migrations need a direct connection to PostgreSQL, not one through a connection pooler: they hold a ' +
      `session lock (the connection announced backend ${announced}, but backend ${rows[0]?.pid} answered). Set ` +
      'MIGRATION_DATABASE_URL to the PostgreSQL server itself (DATABASE_URL may stay on the pooler); see the ' +
      'README, "Behind a connection pooler".',
  );
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
