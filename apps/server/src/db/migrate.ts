import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { concurrentIndexNames, readMigrationFiles, type MigrationFile } from './migration-files';

/**
 * The SQL migrations and their journal (meta/_journal.json). Beside this file in src
 * (src/db/migrations); the build copies them beside the bundle (dist/migrations).
 */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

/**
 * The key of the session-level advisory lock the migrations run under (pg_advisory_lock): any
 * fixed bigint, the same in every instance. Whoever holds it migrates; the others wait, then find
 * nothing left to do.
 */
export const MIGRATION_LOCK_KEY = 4_817_220_914_330_155n;

/**
 * How long a migration's statement waits for a lock before it gives up (lock_timeout). A statement
 * queued behind a long query for a lock that conflicts with writes (ALTER TABLE's ACCESS EXCLUSIVE)
 * holds up every write queued behind it: with this bound no write waits on a migration for much more
 * than a second. The migration is then tried again (LOCK_ATTEMPTS in all, with a growing pause).
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 1000;
export const LOCK_ATTEMPTS = 5;
/** PostgreSQL's lock_not_available: a lock_timeout ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

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

/** What a database holds against the migrations this build ships. */
export interface MigrationState {
  /** Shipped migrations the database lacks, in order (their tags). */
  missing: string[];
  /**
   * Migrations the database has that this build does not ship (their journal keys, drizzle's
   * created_at): a newer release migrated it first, as in a rolling deploy, while this one still serves.
   */
  newer: number[];
}

/** What a migration run did. */
export interface MigrationReport extends MigrationState {
  /** The tags applied by this run (empty when the database was up to date or is only checked). */
  applied: string[];
  /** The afterMigrations hooks ran (not when the database is newer than this build: they belong to its release). */
  hooksRan: boolean;
}

/** One line for the log about a database newer than this build, or null when it is not. */
export function newerMigrationsNote(state: MigrationState): string | null {
  if (!state.newer.length) return null;
  return `The database has ${state.newer.length} migration${state.newer.length === 1 ? '' : 's'} newer than this release ships (journal keys ${state.newer.join(', ')}): a newer release migrated it (a rolling deploy); serving with this release, its release-step hooks left to the newer one.`;
}

/** Thrown when MIGRATE_ON_START=false and the database lacks migrations this build ships. */
export class MissingMigrationsError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `The database lacks ${missing.length} migration${missing.length === 1 ? '' : 's'} this release ships: ${missing.join(', ')}. Run \`npm run migrate\` (the release step) first, or start with MIGRATE_ON_START=true.`,
    );
  }
}

/** One connection the runner drives (a pg.Client or PGlite), seen the same way. */
interface Session {
  kind: 'pglite' | 'postgres';
  /** A script of one or more statements, without parameters (the simple protocol); the last one's rows. */
  run(text: string): Promise<unknown[]>;
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
}

function pgSession(client: pg.Client): Session {
  return {
    kind: 'postgres',
    run: async (text) => {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];
    },
    query: async <T>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as T[],
  };
}

function pgliteSession(client: PGlite): Session {
  return {
    kind: 'pglite',
    run: async (text) => (await client.exec(text)).at(-1)?.rows ?? [],
    query: async <T>(text: string, values?: unknown[]) => (await client.query<T>(text, values)).rows,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isLockTimeout = (err: unknown) => (err as { code?: unknown } | null)?.code === LOCK_NOT_AVAILABLE;

/** drizzle's record of the applied migrations (the same table drizzle's migrator kept, so older databases carry on). */
async function ensureJournalTable(session: Session): Promise<void> {
  await session.run(`CREATE SCHEMA IF NOT EXISTS drizzle;
    CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
}

async function stateOf(session: Session, shipped: MigrationFile[]): Promise<MigrationState> {
  const [exists] = await session.query<{ t: string | null }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`,
  );
  const applied = exists?.t
    ? (await session.query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations')).map((r) =>
        Number(r.created_at),
      )
    : [];
  const appliedKeys = new Set(applied);
  const shippedKeys = new Set(shipped.map((m) => m.when));
  return {
    missing: shipped.filter((m) => !appliedKeys.has(m.when)).map((m) => m.tag),
    newer: applied.filter((key) => !shippedKeys.has(key)).sort((a, b) => a - b),
  };
}

/** A transactional migration: all its statements and its record in one transaction, under lock_timeout. */
async function applyInTransaction(session: Session, migration: MigrationFile): Promise<void> {
  await session.run(`BEGIN; SET LOCAL lock_timeout = '${MIGRATION_LOCK_TIMEOUT_MS}ms'`);
  try {
    for (const statement of migration.statements) await session.run(statement);
    await session.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
      migration.hash,
      migration.when,
    ]);
    await session.run('COMMIT');
  } catch (err) {
    await session.run('ROLLBACK');
    throw err;
  }
}

/**
 * Drops the indexes a concurrent build left INVALID (it failed or was cancelled half-way): the
 * statement builds them again. A valid one is kept (the statement's IF NOT EXISTS skips it).
 */
async function dropInvalidIndexes(session: Session, statement: string): Promise<void> {
  for (const name of concurrentIndexNames(statement)) {
    const [row] = await session.query<{ invalid: boolean }>(
      `SELECT NOT i.indisvalid AS invalid FROM pg_index i WHERE i.indexrelid = to_regclass($1)`,
      [name],
    );
    if (row?.invalid) await session.run(`DROP INDEX CONCURRENTLY IF EXISTS ${quoteName(name)}`);
  }
}

function quoteName(name: string): string {
  return name
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');
}

/**
 * A no-transaction migration (first line `-- migrate: no-transaction`): each statement alone, under
 * the session's lock_timeout, each retried on a lock timeout after dropping what a failed concurrent
 * build left; the record is written last. Run again after a failure it starts over, so its
 * statements are written to be re-run (IF NOT EXISTS, IF EXISTS).
 */
async function applyWithoutTransaction(session: Session, migration: MigrationFile): Promise<void> {
  await session.run(`SET lock_timeout = '${MIGRATION_LOCK_TIMEOUT_MS}ms'`);
  try {
    for (const statement of migration.statements) {
      await withLockRetries(async () => {
        await dropInvalidIndexes(session, statement);
        await session.run(statement);
      });
    }
    await session.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
      migration.hash,
      migration.when,
    ]);
  } finally {
    await session.run('RESET lock_timeout');
  }
}

/** Runs work again while it fails on lock_timeout, LOCK_ATTEMPTS times in all, pausing longer each time. */
export async function withLockRetries<T>(work: () => Promise<T>, pauseMs = 500): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isLockTimeout(err) || attempt >= LOCK_ATTEMPTS) throw err;
      await sleep(pauseMs * attempt + Math.random() * pauseMs);
    }
  }
}

interface RunOptions {
  /** false: apply nothing, check that every shipped migration is applied (MIGRATE_ON_START=false). */
  migrate: boolean;
  afterMigrations: readonly AfterMigrations[];
  folder?: string;
}

async function runMigrations(session: Session, options: RunOptions): Promise<MigrationReport> {
  const shipped = readMigrationFiles(options.folder ?? MIGRATIONS_FOLDER);
  if (!options.migrate) {
    const state = await stateOf(session, shipped);
    if (state.missing.length) throw new MissingMigrationsError(state.missing);
    return { ...state, applied: [], hooksRan: false };
  }
  await ensureJournalTable(session);
  const before = await stateOf(session, shipped);
  const applied: string[] = [];
  for (const migration of shipped.filter((m) => before.missing.includes(m.tag))) {
    try {
      if (migration.noTransaction) await applyWithoutTransaction(session, migration);
      else await withLockRetries(() => applyInTransaction(session, migration));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`migration ${migration.tag} failed: ${reason}`, { cause: err });
    }
    applied.push(migration.tag);
  }
  // A database a newer release migrated: its release step ran its own hooks (built-in roles with its grants,
  // the job queue's schema of its pg-boss); this older build's would write older ones over them.
  const hooksRan = before.newer.length === 0;
  if (hooksRan) {
    const connection: MigrationConnection = {
      kind: session.kind,
      // A script without parameters (pg-boss's schema scripts) has several statements: the simple protocol.
      executeSql: async (text, values) => ({
        rows: values?.length ? await session.query(text, values) : await session.run(text),
      }),
    };
    for (const hook of options.afterMigrations) await hook(connection);
  }
  return { missing: [], newer: before.newer, applied, hooksRan };
}

/**
 * Migrates a PostgreSQL database on a direct connection of its own (as the migration role, the owner of
 * the tables; a connection through a pooler is refused), holding MIGRATION_LOCK_KEY from before the
 * migrator creates its own table to after the hooks: two instances starting together on one database
 * never race (a second waits, then finds every migration applied). The lock is released, and the
 * connection closed, even on failure.
 * With migrate false it only checks (MIGRATE_ON_START=false, no lock taken, so a pooler may serve it):
 * MissingMigrationsError names what is missing.
 */
export async function migratePostgres(
  connectionString: string,
  afterMigrations: readonly AfterMigrations[] = [],
  options: { migrate?: boolean; folder?: string } = {},
): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString, application_name: 'mbo-migrate' });
  await client.connect();
  try {
    const session = pgSession(client);
    if (options.migrate === false) return await runMigrations(session, { migrate: false, afterMigrations, ...options });
    await refusePooledConnection(client);
    await takeMigrationLock(client);
    try {
      return await runMigrations(session, { migrate: true, afterMigrations, folder: options.folder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end();
  }
}

/** How long a second instance pauses between two tries of the migration lock, at the most. */
const LOCK_POLL_MAX_MS = 500;

/**
 * Takes MIGRATION_LOCK_KEY by trying it (pg_try_advisory_lock) until it is free, not by waiting in
 * pg_advisory_lock: a waiting statement keeps its snapshot open, and the holder's `CREATE INDEX
 * CONCURRENTLY` waits for every older snapshot to end, so the two would wait on each other until
 * the deadlock detector or lock_timeout failed one. Between tries this session holds no snapshot.
 */
async function takeMigrationLock(client: pg.Client): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      MIGRATION_LOCK_KEY.toString(),
    ]);
    if (rows[0]?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(25 * 2 ** attempt, LOCK_POLL_MAX_MS)));
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

/**
 * Migrates (or, with migrate false, checks) the embedded database. PGlite is one session inside this
 * one process: nothing to race with. `CREATE INDEX CONCURRENTLY` works there as on a server (PGlite is
 * PostgreSQL 17): the same files run on both.
 */
export async function migrateEmbedded(
  client: PGlite,
  afterMigrations: readonly AfterMigrations[] = [],
  options: { migrate?: boolean; folder?: string } = {},
): Promise<MigrationReport> {
  return runMigrations(pgliteSession(client), {
    migrate: options.migrate ?? true,
    afterMigrations,
    folder: options.folder,
  });
}
