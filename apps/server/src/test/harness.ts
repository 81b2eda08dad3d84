import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type DatabaseOptions } from '../db/client';
import { secretBoxFor } from '../db/data-keyring';
import { afterMigrationsFor } from '../migration-hooks';
import { adminQuery, appDatabaseUrl, databaseUrl, PG_APP_ROLE, waitUntilUnused } from './pg-admin';
import { startSmtp, type TestSmtp } from './smtp';
import { TEST_DATA_ENCRYPTION_KEY } from './test-keys';

export { DEMO_PASSWORD } from '../seed/demo';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  smtp: TestSmtp;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Another instance of the server on a test app's database (its pool, or one of its own), as instances of one
 * deployment share it: the test app's data directory, mail server and public URL, no cron schedules. `beforeReady`
 * adds routes before it is ready.
 */
export async function createSecondApp(
  t: TestApp,
  options: { database?: Database; config?: Partial<Config>; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({}),
    dataDir: t.app.config.dataDir,
    smtpUrl: t.smtp.url,
    publicUrl: t.app.config.publicUrl,
    ...options.config,
  };
  const app = await buildApp({ config, database: options.database ?? t.database, logger: false, jobs: TEST_JOBS });
  options.beforeReady?.(app);
  await app.ready();
  return app;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** A test's own hooks (e.g. one that changes answers before they are written), added before the app starts. */
  beforeReady?: (app: FastifyInstance) => void;
  /**
   * PostgreSQL only: the URL the server connects with (its DATABASE_URL) to the test's database as this user, e.g. a
   * pooler's in front of the test server (`pgBouncer.url`, test/topology/pgbouncer.ts). The migrations still run on a
   * direct connection (MIGRATION_DATABASE_URL). Default: the test server itself.
   */
  connectThrough?: (database: string, user: string) => string;
  /** Fastify's logger option (default: none), e.g. `{ level: 'info', stream }` to read the log lines. */
  logger?: boolean | object;
  /**
   * PostgreSQL: a read replica of the test server (test/topology/replica.ts `url`): the server reads it as
   * DATABASE_READ_URL, on this file's database, as the app role.
   */
  readReplica?: (database: string, user: string) => string;
  /** The replica's timeout and back-off (db/read-replica.ts). */
  replica?: Pick<DatabaseOptions, 'replicaTimeoutMs' | 'replicaBackoffMs'>;
}

/**
 * The whole server on its own fresh, seeded database: PGlite in memory, or (TEST_DB=postgres) a
 * copy of the run's template on the PostgreSQL server, which the server uses as the restricted
 * role of a deployment (PG_APP_ROLE, a member of mbo_app; the migrations, all applied already,
 * are checked as the owner). Mail goes to a real SMTP server on loopback.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const kind = inject('testDb');
  if (options.connectThrough && kind !== 'postgres')
    throw new Error('createTestApp: connectThrough needs the PostgreSQL server (a topology test)');
  const smtp = await startSmtp();
  // Files (exports) go to a folder of this test file's own, removed at close.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-test-data-'));
  // The data key the template was seeded with (test-keys.ts), unless the test gives another.
  const config = {
    ...loadConfig({}),
    dataDir,
    smtpUrl: smtp.url,
    publicUrl: 'http://localhost:8080',
    dataEncryptionKey: TEST_DATA_ENCRYPTION_KEY,
    ...options.config,
  };
  const secrets = secretBoxFor(config);
  let database: Database;
  let dbName = '';
  try {
    if (kind === 'postgres') {
      dbName = `${inject('pgTemplate').replace(/_tpl$/, '')}_${randomUUID().slice(0, 8)}`;
      await adminQuery(`CREATE DATABASE "${dbName}" TEMPLATE "${inject('pgTemplate')}"`);
      // Two test files run at once (vitest maxWorkers 2) against a server of max_connections 100: 40 each leaves room
      // for pg-boss, the admin connections and a second instance; 50 parallel calls queue for a connection instead of
      // failing.
      database = await openDatabase({
        databaseUrl: options.connectThrough?.(dbName, PG_APP_ROLE) ?? appDatabaseUrl(dbName),
        migrationDatabaseUrl: databaseUrl(dbName),
        readDatabaseUrl: options.readReplica?.(dbName, PG_APP_ROLE),
        ...options.replica,
        poolSize: 40,
        secrets,
        afterMigrations: afterMigrationsFor(secrets),
      });
    } else {
      const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
      database = await openDatabase({ loadDataDir: dump, secrets, afterMigrations: afterMigrationsFor(secrets) });
    }
  } catch (err) {
    // A database that does not open (e.g. a test's wrong data key): nothing of this call is left behind.
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    throw err;
  }
  const app = await buildApp({ config, database, logger: options.logger ?? false, jobs: TEST_JOBS });
  // A test's own hooks (e.g. one that changes answers before they are written), added before the app starts.
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    smtp,
    kind,
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        // Through a pooler, its idle server connections stay on the database: the forced drop ends them (the app's
        // own connections, to the pooler, are closed already).
        if (!options.connectThrough) await waitUntilUnused(dbName);
        await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      }
    },
  };
}

/**
 * Job workers in tests: quick polls (jobs of another instance, delayed jobs), a short stop deadline,
 * no cron schedules (a test runs a scheduled job's work itself, e.g. runSettlementCycle with its
 * clock), and a failed job retried at once, so that drain() sees the retry through.
 */
export const TEST_JOBS = { pollIntervalMs: 1000, stopTimeoutMs: 2000, schedules: false, retryDelaySeconds: 0 };

export function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** Logs in and returns the session cookie. */
export async function loginAs(app: FastifyInstance, email: string, password = 'Merchant#2026'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/usercenter/web/v1/login', payload: { email, password } });
  const body = res.json();
  if (body.code !== '000000') throw new Error(`login of ${email} failed: ${body.code} ${body.msg}`);
  return cookieOf(res);
}

/**
 * A call with a session cookie; returns the HTTP status and the envelope (a file download: code FILE, its bytes in
 * data).
 */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { cookie?: string; payload?: unknown; query?: Record<string, string> } = {},
): Promise<{
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever data a call answers
  body: { code: string; msg: string; msg_params: Record<string, unknown> | null; data: any };
}> {
  const res = await app.inject({
    method,
    url,
    query: opts.query,
    payload: opts.payload as object | undefined,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
  // A file download (an attachment, not JSON): its bytes, under the code FILE.
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) {
    return {
      status: res.statusCode,
      body: {
        code: 'FILE',
        msg: String(res.headers['content-disposition'] ?? ''),
        msg_params: null,
        data: res.rawPayload,
      },
    };
  }
  return { status: res.statusCode, body: res.json() };
}
