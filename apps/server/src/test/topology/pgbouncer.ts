/**
 * PgBouncer in transaction mode in front of the test PostgreSQL server, for the topology tests
 * (`*.topology.test.ts`) and the scripts that stand a deployment up beside it. It pools every
 * database of the target (`* = host=… port=…`) for the two roles the tests use (the admin and
 * PG_APP_ROLE), trusting them as the test server does, on a free loopback port; nothing but the
 * child process and its temporary folder, both gone after stop().
 *
 * Debian's PgBouncer 1.18 (`apt-get install pgbouncer`): transaction mode there has no support for
 * named prepared statements, as in most deployments of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PG_ADMIN_URL, PG_APP_ROLE } from '../pg-admin';

export const PGBOUNCER_PATH = '/usr/sbin/pgbouncer';

export interface PgBouncerOptions {
  /** The PostgreSQL server it pools (default: the test server of PG_TEST_URL, 127.0.0.1:5432). */
  targetHost?: string;
  targetPort?: number;
  /** Its own port (default: a free one). */
  port?: number;
  /** Server connections per database and user (default_pool_size; default 10). */
  poolSize?: number;
}

export interface PgBouncer {
  port: number;
  /** A connection string to a database through the pooler, as `user` (default: the admin, postgres). */
  url(database: string, user?: string): string;
  /** Ends PgBouncer (and every connection through it) and removes its folder; waits until the process is gone. */
  stop(): Promise<void>;
}

/** The users the tests connect as: the admin of PG_TEST_URL and the app's restricted role. */
const USERS = [...new Set([decodeURIComponent(new URL(PG_ADMIN_URL).username || 'postgres'), PG_APP_ROLE])];
const READY_WITHIN_MS = 10_000;
const STOP_WITHIN_MS = 5_000;

export async function startPgBouncer(options: PgBouncerOptions = {}): Promise<PgBouncer> {
  if (!fs.existsSync(PGBOUNCER_PATH))
    throw new Error(
      `PgBouncer is not installed (${PGBOUNCER_PATH} is missing): apt-get install pgbouncer (CI's .ci/run installs it).`,
    );
  const admin = new URL(PG_ADMIN_URL);
  const targetHost = options.targetHost ?? (admin.hostname || '127.0.0.1');
  const targetPort = options.targetPort ?? Number(admin.port || 5432);
  // A fixed port is tried once; a free one picked here may be taken before PgBouncer binds it: another, then.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await launch({ targetHost, targetPort, port, poolSize: options.poolSize ?? 10 });
    } catch (err) {
      if (options.port !== undefined || attempt >= 5 || !/Address already in use/i.test(String(err))) throw err;
    }
  }
}

async function launch(o: { targetHost: string; targetPort: number; port: number; poolSize: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-pgbouncer-'));
  const ini = path.join(dir, 'pgbouncer.ini');
  const authFile = path.join(dir, 'users.txt');
  fs.writeFileSync(authFile, USERS.map((user) => `"${user}" ""\n`).join(''));
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${o.targetHost} port=${o.targetPort}`,
      '[pgbouncer]',
      'pool_mode = transaction',
      'listen_addr = 127.0.0.1',
      `listen_port = ${o.port}`,
      // TCP only: no socket file left in /tmp.
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${authFile}`,
      `default_pool_size = ${o.poolSize}`,
      // Every pool of every test app (40 each), the second instances and the pg-boss workers wait here for a server
      // connection rather than being refused.
      'max_client_conn = 1000',
      // node-postgres may send these at startup; PgBouncer refuses a client with a parameter it does not track.
      'ignore_startup_parameters = extra_float_digits,options,statement_timeout',
      // A login the server refused is retried after 1 s, not 15 (a test database copied a moment later).
      'server_login_retry = 1',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: as root it drops to the postgres user (-u), who must read the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    for (const file of [ini, authFile]) fs.chmodSync(file, 0o644);
  }
  const child = spawn(PGBOUNCER_PATH, asRoot ? ['-u', 'postgres', ini] : [ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));

  const url = (database: string, user = 'postgres') =>
    `postgres://${encodeURIComponent(user)}@127.0.0.1:${o.port}/${encodeURIComponent(database)}`;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await end(child, exited);
      fs.rmSync(dir, { recursive: true, force: true });
    })());

  try {
    const adminDatabase = decodeURIComponent(new URL(PG_ADMIN_URL).pathname.slice(1)) || 'postgres';
    await waitUntilAccepting(url(adminDatabase, USERS[0]), exited, spawnFailed, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { port: o.port, url, stop };
}

/** Polls with a query through the pooler (a real server login) until it answers, PgBouncer exits, or 10 s pass. */
async function waitUntilAccepting(
  url: string,
  exited: Promise<number | null>,
  spawnFailed: Promise<Error>,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  let gone: string | undefined;
  void exited.then((code) => (gone = `PgBouncer exited (code ${code})`));
  void spawnFailed.then((err) => (gone = `PgBouncer did not start: ${err.message}`));
  for (;;) {
    if (gone) throw new Error(`${gone}:\n${output()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(
          `PgBouncer did not accept connections within ${READY_WITHIN_MS} ms (${String(err)}):\n${output()}`,
          { cause: err },
        );
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** SIGTERM (immediate shutdown), then SIGKILL if it is still there after 5 s; resolves once the process is gone. */
async function end(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), STOP_WITHIN_MS))),
  ]);
  clearTimeout(timer);
  if (late) {
    child.kill('SIGKILL');
    await exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
