import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './full-schema';
import { migrateEmbedded, migratePostgres, type AfterMigrations, type MigrationReport } from './migrate';
import { ReplicaPool, replicaLagSeconds } from './read-replica';
import type { SecretBox } from '../lib/secret-box';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction in it: repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  /** The primary: every write, and every read that does not declare the replica. */
  db: Db;
  /**
   * The read replica's Drizzle instance (DATABASE_READ_URL), or `db` itself without one (PGlite, no
   * DATABASE_READ_URL). Each of its queries falls back to the primary when the replica fails
   * (db/read-replica.ts ReplicaPool), so a replica read never fails because of the replica.
   */
  readDb: Db;
  /**
   * Where a replica-routed read goes now: readDb while the replica is healthy (or due for its retry after a
   * failure), the primary while it is marked down. Requests reach it through `request.reader`
   * (plugins/read-routing.ts), which also keeps a caller's reads on the primary just after its writes.
   */
  reader(): Db;
  /**
   * Seconds the replica's replay is behind the primary (0 when it has replayed everything it received), null
   * when it does not answer; absent without a replica.
   */
  replicaLag?: () => Promise<number | null>;
  /** The replica's pool (pool metrics; its down/up transitions through onTransition); absent without a replica. */
  readPool?: ReplicaPool;
  kind: 'pglite' | 'postgres';
  /**
   * Every migration this build ships is applied: by this opening (and the afterMigrations hooks with them), or before
   * it (MIGRATE_ON_START=false checks, and refuses a database that lacks one).
   */
  migrated: boolean;
  /**
   * What the opening found and did: migrations applied, and any newer ones a later release applied (a rolling deploy).
   */
  migrations: MigrationReport;
  /** The keyring its encrypted columns are read and written with (db/encrypted-columns.ts). */
  secrets: SecretBox;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball (tests copy a seeded database). */
  dump?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /**
   * A PostgreSQL connection string, the role the server runs as; when absent, PGlite is used. In a
   * two-role deployment a LOGIN member of mbo_app, which owns nothing and may not change the
   * ledger's rows (migration 0007_ledger_lockdown.sql). It may be a pooler in transaction mode
   * (PgBouncer): the server keeps no state in a session between transactions (transaction-level locks
   * only, no SET, LISTEN, temporary tables, held cursors or named prepared statements).
   */
  databaseUrl?: string;
  /**
   * PostgreSQL: a streaming replica of databaseUrl's server, as the same role (DATABASE_READ_URL); it needs
   * databaseUrl. Absent: every read goes to the primary.
   */
  readDatabaseUrl?: string;
  /** The replica pool's size (default: poolSize). */
  readPoolSize?: number;
  /** The replica's wait for a connection or an answer, and its back-off after a failure (db/read-replica.ts). */
  replicaTimeoutMs?: number;
  replicaBackoffMs?: number;
  /**
   * PostgreSQL: the role the migrations run as, the owner of the tables (MIGRATION_DATABASE_URL);
   * databaseUrl when absent (a single-role setup, the app as the owner). Same database. A direct
   * connection, never a pooler's: the migration lock is a session's (migrate.ts refuses a pooled one).
   */
  migrationDatabaseUrl?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PGlite: start from a dump made by Database.dump(). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** PostgreSQL: told when an idle pooled connection fails (default: a line on stderr). */
  onIdleError?: (err: Error) => void;
  /**
   * false (MIGRATE_ON_START=false): apply nothing, run no hook; open only when every migration this build ships is
   * applied (`npm run migrate`, the release step, did it), else throw MissingMigrationsError naming the missing ones.
   */
  migrate?: boolean;
  /** Run after the SQL migrations on the migration connection, under the migration lock (see db/migrate.ts). */
  afterMigrations?: readonly AfterMigrations[];
  /** The keyring of the encrypted columns (db/data-keyring.ts secretBoxFor): it travels with the database. */
  secrets: SecretBox;
}

/**
 * Opens the database (PGlite by default, node-postgres with a URL) and runs the migrations: on
 * PostgreSQL as the migration role, on a short-lived connection of its own under an advisory lock
 * (db/migrate.ts), then serves as databaseUrl.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.migrationDatabaseUrl && !options.databaseUrl) {
    throw new Error(
      'MIGRATION_DATABASE_URL is set without DATABASE_URL: set both (or neither, for the embedded database).',
    );
  }
  if (options.readDatabaseUrl && !options.databaseUrl) {
    throw new Error('DATABASE_READ_URL is set without DATABASE_URL: a read replica needs its primary.');
  }
  if (options.databaseUrl) {
    const migrations = await migratePostgres(
      options.migrationDatabaseUrl || options.databaseUrl,
      options.afterMigrations,
      { migrate: options.migrate },
    );
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle connection that ends (the server restarts, an administrator ends it, a database is
    // dropped at a test's end) fails on the pool, which drops it and connects anew when needed.
    // Unhandled, that 'error' event would end the process.
    const onIdleError =
      options.onIdleError ??
      ((err: Error) => process.stderr.write(`database: an idle connection failed and was dropped (${err.message})\n`));
    pool.on('error', onIdleError);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (!options.readDatabaseUrl) {
      return {
        db,
        readDb: db,
        reader: () => db,
        kind: 'postgres',
        migrated: true,
        migrations,
        secrets: options.secrets,
        close: () => pool.end(),
      };
    }
    // No migrations there: a replica replays the primary's.
    const readPool = new ReplicaPool({
      connectionString: options.readDatabaseUrl,
      max: options.readPoolSize ?? options.poolSize ?? 20,
      primary: pool,
      timeoutMs: options.replicaTimeoutMs,
      backoffMs: options.replicaBackoffMs,
    });
    readPool.on('error', onIdleError);
    const readDb = drizzlePg(readPool, { schema }) as unknown as Db;
    return {
      db,
      readDb,
      reader: () => (readPool.usable ? readDb : db),
      replicaLag: () => replicaLagSeconds(readPool),
      readPool,
      kind: 'postgres',
      migrated: true,
      migrations,
      secrets: options.secrets,
      close: async () => {
        await Promise.all([readPool.end(), pool.end()]);
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
    loadDataDir: options.loadDataDir,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let migrations: MigrationReport;
  try {
    migrations = await migrateEmbedded(client, options.afterMigrations, { migrate: options.migrate });
  } catch (err) {
    await client.close();
    throw err;
  }
  return {
    db,
    // One in-process database: no replica.
    readDb: db,
    reader: () => db,
    kind: 'pglite',
    migrated: true,
    migrations,
    secrets: options.secrets,
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * Rows of a raw query, whichever driver ran it, as the caller says they are (unchecked). The app reads raw SQL
 * through typedRows (typed-rows.ts) instead; only the bench's measuring scripts (bench/) still use this.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
