/**
 * The cluster's database on the PostgreSQL server of PG_TEST_URL (127.0.0.1:5432 by default): created fresh,
 * migrated once as a release step (the compiled migrate-cli, as the owner), seeded with the demo data (the seed CLI),
 * and a LOGIN role in the group mbo_app for the instances, which own nothing (README, "two database roles").
 */
import path from 'node:path';
import pg from 'pg';
import { runLogged } from './processes';
import { ROOT, baseEnv } from './paths';

export const ADMIN_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The instances' login (no password: the local server trusts loopback), a member of mbo_app. */
export const CLUSTER_APP_ROLE = 'mbo_cluster_app';

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
  await admin(`
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${CLUSTER_APP_ROLE}') THEN
        BEGIN
          CREATE ROLE ${CLUSTER_APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE IN ROLE mbo_app;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
      END IF;
      IF NOT pg_has_role('${CLUSTER_APP_ROLE}', 'mbo_app', 'MEMBER') THEN
        GRANT mbo_app TO ${CLUSTER_APP_ROLE};
      END IF;
    END $$`);
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
