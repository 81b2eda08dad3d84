/**
 * The cluster's database on the PostgreSQL server of PG_TEST_URL (127.0.0.1:5432 by default): created fresh,
 * migrated once as a release step (the compiled migrate-cli, as the owner), seeded with the demo data (the seed CLI),
 * and the instances' LOGIN role in the group mbo_app, which owns nothing (README, "two database roles").
 */
import path from 'node:path';
import pg from 'pg';
import { ensureAppRole, PG_ADMIN_URL, PG_APP_ROLE } from '../../apps/server/src/test/pg-admin';
import { runLogged } from './processes';
import { ROOT, baseEnv } from './paths';

export const ADMIN_URL = PG_ADMIN_URL;
/**
 * The instances' login: the restricted role the PostgreSQL test suites run the server as (no password: the local
 * server trusts loopback), a member of mbo_app, owning nothing. The PgBouncer of the topology helpers knows it.
 */
export const CLUSTER_APP_ROLE = PG_APP_ROLE;

export interface ClusterDatabase {
  name: string;
  host: string;
  port: number;
  /** As the owner (migrations, the seed, the bench's checks). */
  ownerUrl: string;
  /** As CLUSTER_APP_ROLE, straight to PostgreSQL. */
  appUrl: string;
  /** Runs SQL as the owner on this database. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

function urlFor(name: string, user?: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Drops the database when it exists (connections closed by force), then creates it empty. */
export async function createClusterDatabase(name: string): Promise<ClusterDatabase> {
  if (!/^[a-z0-9_]{1,50}$/.test(name)) throw new Error(`database name ${name}: a-z, 0-9 and _ only`);
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const admin_ = new URL(ADMIN_URL);
  const ownerUrl = urlFor(name);
  return {
    name,
    host: admin_.hostname,
    port: Number(admin_.port || 5432),
    ownerUrl,
    appUrl: urlFor(name, CLUSTER_APP_ROLE),
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      const client = new pg.Client({ connectionString: ownerUrl });
      await client.connect();
      try {
        return (await client.query<R>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * The release step: `node apps/server/dist/migrate-cli.js` as the owner, once, before any instance starts; then the
 * instances' role (the group mbo_app exists once the migrations ran).
 */
export async function migrateDatabase(db: ClusterDatabase, dataKey: string, logFile: string): Promise<void> {
  await runLogged('migrate', process.execPath, ['--enable-source-maps', 'apps/server/dist/migrate-cli.js'], {
    cwd: ROOT,
    env: { ...baseEnv(), DATABASE_URL: db.ownerUrl, DATA_ENCRYPTION_KEY: dataKey },
    logFile,
  });
  await ensureAppRole();
}

/** `npm run seed` (the demo data, plus `payments` generated payments of Demo Store), as the owner. */
export async function seedDatabase(
  db: ClusterDatabase,
  dataKey: string,
  logFile: string,
  payments: number,
): Promise<void> {
  await runLogged(
    'seed',
    process.execPath,
    ['--import', 'tsx', path.join('apps/server/src/seed/cli.ts'), '--payments', String(payments)],
    {
      cwd: ROOT,
      env: { ...baseEnv(), DATABASE_URL: db.ownerUrl, DATA_ENCRYPTION_KEY: dataKey, SEED_DEMO: 'true' },
      logFile,
    },
  );
}

/**
 * Drops the replication slots a replica of this process left on the primary (a pg_basebackup that failed after making
 * its slot): an inactive slot would keep the primary's WAL forever.
 */
export async function dropOwnReplicationSlots(): Promise<void> {
  await admin(`
    SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots
     WHERE slot_name LIKE 'mbo\\_replica\\_${process.pid}\\_%' AND NOT active`);
}
