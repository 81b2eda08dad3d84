import pg from 'pg';

/** The PostgreSQL server the PostgreSQL suites run on (a fresh database per run, dropped after). */
export const PG_ADMIN_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The LOGIN role the server runs as in the PostgreSQL suites: a member of mbo_app (migration
 * 0007_ledger_lockdown.sql), without password (the test server trusts local connections), owner of
 * nothing. Created once per cluster by global-setup.ts and kept, as mbo_app is.
 */
export const PG_APP_ROLE = 'mbo_test_app';

/** A database on the test server as the admin (the owner: migrations, copies, drops). */
export function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database on the test server as PG_APP_ROLE, the restricted role the server runs as. */
export function appDatabaseUrl(name: string): string {
  const url = new URL(databaseUrl(name));
  url.username = PG_APP_ROLE;
  url.password = '';
  return url.toString();
}

/**
 * Creates PG_APP_ROLE in the group mbo_app when missing: idempotent, and safe when several test
 * runs on the server do it at once (role names are cluster-wide). mbo_app must exist (the
 * migrations create it).
 */
export async function ensureAppRole(): Promise<void> {
  await adminQuery(`
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PG_APP_ROLE}') THEN
        BEGIN
          CREATE ROLE ${PG_APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE IN ROLE mbo_app;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
      END IF;
      IF NOT pg_has_role('${PG_APP_ROLE}', 'mbo_app', 'MEMBER') THEN
        GRANT mbo_app TO ${PG_APP_ROLE};
      END IF;
    END $$`);
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function dropDatabasesLike(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix}%`,
    ]);
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Waits (up to 5 s) until no backend is connected to a database. pg's Pool.end() resolves before its
 * connections have closed; dropping or copying the database at that moment kills them (FATAL 57P01,
 * reported as an error of the test run) or fails ("source database is being accessed").
 */
export async function waitUntilUnused(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const deadline = Date.now() + 5000;
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      if (Number(rows[0]?.n ?? 0) === 0 || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}
