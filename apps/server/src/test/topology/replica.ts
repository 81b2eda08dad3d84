import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PG_ADMIN_URL } from '../pg-admin';

/** What the test server's pg_hba.conf needs for pg_basebackup and streaming from 127.0.0.1. */
export const REPLICATION_HBA_LINE = 'host replication all 127.0.0.1/32 trust';
/** Replication slots of these replicas: `mbo_replica_<pid of the test process>_<random>`. */
const SLOT_PREFIX = 'mbo_replica_';
const DEADLINE_MS = 60_000;

export interface StartedReplica {
  /** Its port on 127.0.0.1. */
  port: number;
  /** A connection string to one of its databases (default user: the test server's admin). */
  url(database: string, user?: string): string;
  /** Stops it (fast shutdown); its data stays for start(). */
  stop(): Promise<void>;
  /** Starts it again after stop(): it streams on from where it was (its replication slot kept the WAL). */
  start(): Promise<void>;
  /** Waits until it has replayed everything written on the primary so far (e.g. a database just created). */
  waitForReplay(): Promise<void>;
  /** Pauses its replay (pg_wal_replay_pause) and waits until it is paused: writes on the primary stop showing. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops it, drops its replication slot on the primary and deletes its directory. */
  remove(): Promise<void>;
}

interface Command {
  stdout: string;
  stderr: string;
}

/** Runs one of the server's programs; as root, as the postgres user (PostgreSQL will not run as root). */
function run(program: string, args: string[], timeoutMs = DEADLINE_MS): Promise<Command> {
  const [file, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: timeoutMs, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err)
        reject(
          Object.assign(new Error(`${path.basename(program)} failed: ${stderr.trim() || err.message}`), { stderr }),
        );
      else resolve({ stdout, stderr });
    });
  });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it holds, failing with `what` past the deadline. */
async function until(what: string, check: () => Promise<boolean>, deadlineMs = DEADLINE_MS): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`The replica: ${what} did not happen within ${deadlineMs} ms.`);
    await pause(50);
  }
}

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The temporary directory of a replica: `mbo-replica-<pid of the test process>-<random>`. */
const DIR_PREFIX = 'mbo-replica-';

/**
 * Stops and deletes the replicas of test processes no longer running (a run killed before its afterAll): their
 * servers would keep running and their slots would keep the primary's WAL.
 */
async function removeOrphanReplicas(pgCtl: string): Promise<void> {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = Number(name.slice(DIR_PREFIX.length).split('-')[0]);
    if (!name.startsWith(DIR_PREFIX) || !Number.isInteger(pid) || pid <= 0 || alive(pid)) continue;
    const dataDir = path.join(os.tmpdir(), name, 'data');
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      await run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', '-t', '60', 'stop']).catch(() => undefined);
    }
    fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

/** Drops the slots that replicas of test processes no longer running left behind (the primary would keep WAL). */
async function dropOrphanSlots(adminUrl: string): Promise<void> {
  const slots = await query<{ slot_name: string }>(
    adminUrl,
    `SELECT slot_name FROM pg_replication_slots WHERE slot_name LIKE '${SLOT_PREFIX}%' AND NOT active`,
  );
  for (const { slot_name } of slots) {
    const pid = Number(slot_name.slice(SLOT_PREFIX.length).split('_')[0]);
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) {
      await query(
        adminUrl,
        'SELECT pg_drop_replication_slot($1) WHERE EXISTS (SELECT 1 FROM pg_replication_slots WHERE slot_name = $1 AND NOT active)',
        [slot_name],
      ).catch(() => undefined);
    }
  }
}

/**
 * The primary refused a replication connection: adds REPLICATION_HBA_LINE to its pg_hba.conf and reloads it, or
 * fails naming the line to add when the file cannot be written (never skips).
 */
async function allowReplication(adminUrl: string): Promise<void> {
  const [{ hba_file: file } = { hba_file: '' }] = await query<{ hba_file: string }>(adminUrl, 'SHOW hba_file');
  const refusal = `The test PostgreSQL server refuses replication connections, and its pg_hba.conf (${file}) cannot be changed from here: add the line "${REPLICATION_HBA_LINE}" to it and reload the server (SELECT pg_reload_conf()).`;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(refusal);
  }
  const present = text.split('\n').some((line) => line.trim().split(/\s+/).join(' ') === REPLICATION_HBA_LINE);
  if (!present) {
    try {
      fs.appendFileSync(file, `${text.endsWith('\n') || text === '' ? '' : '\n'}${REPLICATION_HBA_LINE}\n`);
    } catch {
      throw new Error(refusal);
    }
  }
  await query(adminUrl, 'SELECT pg_reload_conf()');
}

const HBA_REFUSAL = /no pg_hba\.conf entry for replication connection/;

/**
 * A streaming replica of the test PostgreSQL server on this machine: `pg_basebackup -R` of the whole server
 * (with a replication slot of its own, so a stopped replica can catch up) into a temporary directory, run by the
 * server's own binaries (`pg_config --bindir`) on a free port of 127.0.0.1, as the postgres user when this process
 * is root. When the server refuses replication connections, REPLICATION_HBA_LINE is added to its pg_hba.conf (or
 * the start fails saying so). Call remove() when done: it stops the replica, drops its slot, deletes its files.
 */
export async function startReplica(
  options: { primaryHost?: string; primaryPort?: number; port?: number } = {},
): Promise<StartedReplica> {
  const admin = new URL(PG_ADMIN_URL);
  const primaryHost = options.primaryHost ?? (admin.hostname || '127.0.0.1');
  const primaryPort = options.primaryPort ?? Number(admin.port || 5432);
  const adminUser = decodeURIComponent(admin.username || 'postgres');
  const primaryUrl = (() => {
    const url = new URL(PG_ADMIN_URL);
    url.hostname = primaryHost;
    url.port = String(primaryPort);
    return url.toString();
  })();
  const bin = (program: string) =>
    path.join(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim(), program);

  await removeOrphanReplicas(bin('pg_ctl'));
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `${DIR_PREFIX}${process.pid}-`));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  const chown = () => {
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  };
  const slot = `${SLOT_PREFIX}${process.pid}_${randomUUID().slice(0, 8)}`;
  let running = false;
  let slotMade = false;

  const dropSlot = async () => {
    await until('its replication slot going idle', async () => {
      const rows = await query<{ active: boolean }>(
        primaryUrl,
        'SELECT active FROM pg_replication_slots WHERE slot_name = $1',
        [slot],
      );
      return !rows[0]?.active;
    });
    await query(
      primaryUrl,
      'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1',
      [slot],
    );
  };
  const stop = async () => {
    if (!running && !fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
    await run(bin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  const remove = async () => {
    try {
      await stop().catch(() => undefined);
      if (slotMade) await dropSlot();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };

  try {
    chown();
    await dropOrphanSlots(primaryUrl);
    const backup = () =>
      run(bin('pg_basebackup'), [
        '-h',
        primaryHost,
        '-p',
        String(primaryPort),
        '-U',
        adminUser,
        '-D',
        dataDir,
        '-R',
        '-X',
        'stream',
        '-C',
        '-S',
        slot,
        '--checkpoint=fast',
        '-w',
      ]);
    try {
      await backup();
    } catch (err) {
      if (!HBA_REFUSAL.test(String((err as { stderr?: string }).stderr ?? ''))) throw err;
      await allowReplication(primaryUrl);
      // The reload is asynchronous: try again until the new line is read (bounded).
      const deadline = Date.now() + 10_000;
      for (;;) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        try {
          await backup();
          break;
        } catch (again) {
          if (!HBA_REFUSAL.test(String((again as { stderr?: string }).stderr ?? '')) || Date.now() > deadline)
            throw again;
          await pause(100);
        }
      }
    }
    slotMade = true;

    // The server's settings a hot standby must not go below, read from the primary.
    const settings = await query<{ name: string; setting: string }>(
      primaryUrl,
      `SELECT name, setting FROM pg_settings WHERE name IN
         ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
    );
    const port = options.port ?? (await freePort());
    // A Debian server keeps its configuration outside the data directory: the replica gets its own files.
    fs.writeFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${root}'`,
        `hot_standby = on`,
        `hot_standby_feedback = on`,
        `shared_buffers = '32MB'`,
        // A throwaway test replica: no fsync.
        `fsync = off`,
        `logging_collector = off`,
        ...settings.map((s) => `${s.name} = ${s.setting}`),
        '',
      ].join('\n'),
    );
    fs.writeFileSync(path.join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    fs.writeFileSync(path.join(dataDir, 'pg_ident.conf'), '');
    chown();

    const url = (database: string, user = adminUser) =>
      `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`;
    const start = async () => {
      try {
        await run(bin('pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
      } catch (err) {
        const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
        throw new Error(`${(err as Error).message}\n${log}`, { cause: err });
      }
      running = true;
      // Ready for queries (pg_ctl -w waits for connections; a standby accepts them once consistent).
      await until('accepting queries', async () => {
        try {
          await query(url('postgres'), 'SELECT 1');
          return true;
        } catch {
          return false;
        }
      });
    };
    await start();

    return {
      port,
      url,
      stop,
      start,
      remove,
      async waitForReplay() {
        const [{ lsn } = { lsn: '0/0' }] = await query<{ lsn: string }>(
          primaryUrl,
          'SELECT pg_current_wal_lsn()::text AS lsn',
        );
        await until(`replay up to the primary's ${lsn}`, async () => {
          const [row] = await query<{ ok: boolean }>(
            url('postgres'),
            'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok',
            [lsn],
          );
          return row?.ok === true;
        });
      },
      async pauseReplay() {
        await query(url('postgres'), 'SELECT pg_wal_replay_pause()');
        await until('its replay pausing', async () => {
          const [row] = await query<{ state: string }>(
            url('postgres'),
            'SELECT pg_get_wal_replay_pause_state() AS state',
          );
          return row?.state === 'paused';
        });
      },
      async resumeReplay() {
        await query(url('postgres'), 'SELECT pg_wal_replay_resume()');
      },
    };
  } catch (err) {
    await remove();
    throw err;
  }
}
