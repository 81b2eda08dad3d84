import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as baseSchema from './schema';
import * as paymentsSchema from './payments-schema';

const schema = { ...baseSchema, ...paymentsSchema };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction in it: repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (tests copy a seeded database). */
  dump?: () => Promise<Blob>;
}

const MIGRATIONS = path.resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  /**
   * A PostgreSQL connection string, the role the server runs as; when absent, PGlite is used. In a
   * two-role deployment a LOGIN member of mbo_app, which owns nothing and may not change the
   * ledger's rows (migration 0007_ledger_lockdown.sql).
   */
  databaseUrl?: string;
  /**
   * PostgreSQL: the role the migrations run as, the owner of the tables (MIGRATION_DATABASE_URL);
   * databaseUrl when absent (a single-role setup, the app as the owner). Same database.
   */
  migrationDatabaseUrl?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PGlite: start from a dump made by Database.dump(). */
  loadDataDir?: Blob;
  poolSize?: number;
}

/**
 * Opens the database (PGlite by default, node-postgres with a URL) and runs the migrations: on
 * PostgreSQL as the migration role (its own short-lived connection), then serves as databaseUrl.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.migrationDatabaseUrl && !options.databaseUrl) {
    throw new Error('MIGRATION_DATABASE_URL is set without DATABASE_URL: set both (or neither, for the embedded database).');
  }
  if (options.databaseUrl) {
    const migrationUrl = options.migrationDatabaseUrl || options.databaseUrl;
    if (migrationUrl !== options.databaseUrl) {
      const owner = new pg.Pool({ connectionString: migrationUrl, max: 1 });
      try {
        await migratePg(drizzlePg(owner, { schema }), { migrationsFolder: MIGRATIONS });
      } finally {
        await owner.end();
      }
    }
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (migrationUrl === options.databaseUrl) await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
    loadDataDir: options.loadDataDir,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
  return { db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('gzip') };
}

/** Rows of a raw query, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
