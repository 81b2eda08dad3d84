/**
 * A cluster of the product on one machine, for `npm run cluster` and `npm run bench:cluster`: a fresh PostgreSQL
 * database migrated once (the release step) and seeded; the optional parts (S3-protocol files, a streaming replica,
 * PgBouncer: parts.ts); N instances of the compiled server on loopback ports; HAProxy in front of them. Everything it
 * starts it stops, in order (the balancer, the instances, then what they depend on), and it checks that no process it
 * started is left.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  createClusterDatabase,
  dropOwnReplicationSlots,
  migrateDatabase,
  seedDatabase,
  CLUSTER_APP_ROLE,
  type ClusterDatabase,
} from './database';
import { CHECK_INTERVAL_MS, FALL, startHaproxy, type Balancer } from './haproxy';
import { killInstance, startInstance, stopInstance, type Instance, type Slot } from './instances';
import { startPooler, startReplica, startS3, type PoolerPart, type ReplicaPart, type S3Part } from './parts';
import { ROOT } from './paths';
import { freePort, pidAlive, portTaken } from './processes';

export interface ClusterOptions {
  runDir: string;
  /** The balancer's port (CLUSTER_PORT); 0 picks a free one. */
  port: number;
  instances: number;
  databaseName: string;
  /** Generated payments of Demo Store added to the demo data (refundable ones for the bench). */
  seedPayments: number;
  /** More environment for every instance (the bench's webhook receiver on loopback…). */
  extraEnv?: Record<string, string>;
  /** Progress lines. */
  log: (line: string) => void;
}

/**
 * DRAIN_DELAY_MS of the instances: the balancer needs FALL failed checks CHECK_INTERVAL_MS apart to take an instance
 * out; twice that leaves room for a check that was in flight.
 */
export const DRAIN_DELAY_MS = 2 * FALL * CHECK_INTERVAL_MS + 500;
export const SHUTDOWN_TIMEOUT_MS = 10_000;

export interface Cluster {
  options: ClusterOptions;
  url: string;
  database: ClusterDatabase;
  dataKey: string;
  balancer: Balancer;
  slots: Slot[];
  /** The instance now running in each slot (by slot name); absent while a slot is stopped. */
  running: Map<string, Instance>;
  /** Every instance process started, current and past, for the final check. */
  started: Instance[];
  parts: { s3: S3Part | null; replica: ReplicaPart | null; pooler: PoolerPart | null };
  /** Why the replica is not running, when its start failed. */
  replicaProblem: string | undefined;
  /** The environment every instance shares. */
  sharedEnv: Record<string, string>;
  /** Starts the slot's next instance and waits until the balancer has it in rotation. */
  startSlot(name: string): Promise<Instance>;
  /** SIGTERM (drain, graceful close) or SIGKILL (a crash) of the slot's instance; waits for its exit. */
  stopSlot(name: string, how: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  topology(): string;
  /** Stops everything in order; returns the pids it started that are still alive (none, normally). */
  stop(options?: { dropDatabase?: boolean }): Promise<{ leftAlive: { name: string; pid: number }[] }>;
}

/**
 * Builds the compiled server (and the web app it serves) when their sources changed (scripts/ensure-built.mjs), its
 * output in the run folder's build.log.
 */
export function ensureBuilt(runDir: string, log: (line: string) => void): void {
  const logFile = path.join(runDir, 'logs', 'build.log');
  log(`Building what changed (scripts/ensure-built.mjs; output in ${logFile})…`);
  const fd = fs.openSync(logFile, 'a');
  const run = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { cwd: ROOT, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  if (run.status !== 0) {
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`the build failed:\n${tail}`);
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { runDir, log } = options;
  const logs = (name: string) => path.join(runDir, 'logs', name);
  if (options.port && (await portTaken(options.port)))
    throw new Error(`port ${options.port} is taken: set CLUSTER_PORT to a free port`);
  const port = options.port || (await freePort());

  const dataKey = randomBytes(32).toString('base64');
  log(`Database ${options.databaseName}: creating, migrating (release step), seeding…`);
  const database = await createClusterDatabase(options.databaseName);
  await migrateDatabase(database, dataKey, logs('migrate.log'));
  await seedDatabase(database, dataKey, logs('seed.log'), options.seedPayments);

  const parts: Cluster['parts'] = { s3: null, replica: null, pooler: null };
  let replicaProblem: string | undefined;
  // Set as soon as anything runs: a failure further on stops what was started.
  const cluster = {} as Cluster;
  const stopParts = async () => {
    await parts.pooler?.stop();
    await parts.replica?.stop();
    await parts.replica?.remove();
    await parts.s3?.stop();
  };
  try {
    parts.s3 = await startS3(path.join(runDir, 's3'));
    // A replica copies the whole PostgreSQL server (pg_basebackup): on a server holding other large databases it may
    // not be ready in time. The cluster then runs without it, its reads on the primary, and says so.
    parts.replica = await startReplica(database.host, database.port).catch((err: unknown) => {
      replicaProblem = err instanceof Error ? err.message.split('\n')[0] : String(err);
      log(`the read replica could not start (${replicaProblem}): reads go to the primary`);
      return null;
    });
    if (!parts.replica) await dropOwnReplicationSlots();
    parts.pooler = await startPooler(database.host, database.port);
  } catch (err) {
    await stopParts();
    throw err;
  }

  const sharedEnv: Record<string, string> = {
    NODE_ENV: '',
    DATABASE_URL: parts.pooler ? parts.pooler.url(database.name, CLUSTER_APP_ROLE) : database.appUrl,
    // The release step migrated already: an instance only checks, as its restricted role, that every migration it
    // ships is applied (reading the migrations' journal, which migration 0029 lets mbo_app read), and refuses to
    // start otherwise. The owner's credentials stay with the release step.
    MIGRATE_ON_START: 'false',
    // Three instances (four during a rolling replacement) on a server other programs use too: a small pool each.
    DATABASE_POOL_SIZE: '8',
    ...(parts.replica ? { DATABASE_READ_URL: parts.replica.url(database.name, CLUSTER_APP_ROLE) } : {}),
    // Files: the S3-protocol server, else one folder every instance shares (as a network file system would be).
    ...(parts.s3 ? parts.s3.env : { DATA_DIR: path.join(runDir, 'shared-data') }),
    DATA_ENCRYPTION_KEY: dataKey,
    SEED_DEMO: 'false',
    DEV_MAILBOX: 'false',
    TRUST_PROXY: '127.0.0.1',
    DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    ...options.extraEnv,
  };
  const slots: Slot[] = [];
  for (let i = 1; i <= options.instances; i++) {
    slots.push({
      name: `app${i}`,
      port: await freePort(),
      metricsPort: await freePort(),
      dataDir: path.join(runDir, `app${i}-data`),
    });
  }
  const running = new Map<string, Instance>();
  const started: Instance[] = [];
  const generations = new Map<string, number>();
  const slotOf = (name: string) => {
    const slot = slots.find((s) => s.name === name);
    if (!slot) throw new Error(`no instance slot ${name}`);
    return slot;
  };
  const launch = async (name: string) => {
    const generation = (generations.get(name) ?? 0) + 1;
    generations.set(name, generation);
    const instance = await startInstance(runDir, slotOf(name), sharedEnv, generation);
    running.set(name, instance);
    started.push(instance);
    return instance;
  };

  let balancer: Balancer | undefined;
  const stopAll: Cluster['stop'] = async ({ dropDatabase = false } = {}) => {
    log('Stopping: the balancer, then the instances (SIGTERM: drain, graceful close), then what they depend on…');
    await balancer?.stop();
    await Promise.all(
      [...running.values()].map((instance) => stopInstance(instance, DRAIN_DELAY_MS + SHUTDOWN_TIMEOUT_MS + 5000)),
    );
    running.clear();
    await stopParts();
    if (dropDatabase) await database.drop();
    const pids = [
      ...(balancer ? [{ name: 'haproxy', pid: balancer.process.pid }] : []),
      ...started.map((i) => ({ name: i.process.name, pid: i.process.pid })),
    ];
    return { leftAlive: pids.filter((p) => pidAlive(p.pid)) };
  };

  try {
    // The first instance alone: on a fresh database it creates the job queues (pg-boss makes each a partition of its
    // job table, one at a time under a lock), which takes several seconds on a busy machine; instances starting
    // together would each wait for the others' and may pass Fastify's 10 s start deadline. The others then start
    // together.
    log(`Starting ${slots.length} instances…`);
    await launch(slots[0].name);
    await Promise.all(slots.slice(1).map((s) => launch(s.name)));
    balancer = await startHaproxy(runDir, port, slots);
    await balancer.waitUp(slots.map((s) => s.name));
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }

  Object.assign(cluster, {
    options,
    url: balancer.url,
    database,
    dataKey,
    balancer,
    slots,
    running,
    started,
    parts,
    sharedEnv,
    async startSlot(name: string) {
      const instance = await launch(name);
      await balancer!.waitUp([name]);
      return instance;
    },
    async stopSlot(name: string, how: 'SIGTERM' | 'SIGKILL') {
      const instance = running.get(name);
      if (!instance) return;
      running.delete(name);
      if (how === 'SIGKILL') await killInstance(instance);
      else await stopInstance(instance, DRAIN_DELAY_MS + SHUTDOWN_TIMEOUT_MS + 5000);
    },
    replicaProblem,
    topology: () => describeTopology(cluster),
    stop: stopAll,
  } satisfies Cluster);
  return cluster;
}

export function describeTopology(cluster: Cluster): string {
  const { parts, database } = cluster;
  const rows: [string, string, string, string][] = [
    ['HAProxy (round robin, GET /readyz checks)', cluster.url, String(cluster.balancer.process.pid), 'haproxy.log'],
    ...cluster.slots.map((slot): [string, string, string, string] => {
      const instance = cluster.running.get(slot.name);
      return [
        `${slot.name}: node apps/server/dist/server.js (metrics :${slot.metricsPort})`,
        `http://127.0.0.1:${slot.port}`,
        instance ? String(instance.process.pid) : '-',
        instance ? path.basename(instance.process.logFile) : '-',
      ];
    }),
    [`PostgreSQL primary, database ${database.name}`, `${database.host}:${database.port}`, 'external', '-'],
    parts.pooler
      ? ['PgBouncer (DATABASE_URL)', `127.0.0.1:${parts.pooler.port}`, '', '']
      : ['PgBouncer', 'not in this repository yet: direct connections', '', ''],
    parts.replica
      ? ['Streaming replica (DATABASE_READ_URL)', `127.0.0.1:${parts.replica.port}`, '', '']
      : ['Read replica', `${cluster.replicaProblem ? 'could not start' : 'none'}: reads on the primary`, '', ''],
    parts.s3
      ? ['S3-protocol server (STORAGE_S3_*)', parts.s3.endpoint, '', '']
      : ['S3 storage', 'none: a folder shared by the instances (DATA_DIR)', '', ''],
  ];
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
  const lines = rows.map(
    ([what, where, pid, logFile]) =>
      `  ${what.padEnd(widths[0])}  ${where.padEnd(widths[1])}  ${pid.padEnd(widths[2])}  ${logFile}`,
  );
  return [
    `  ${'process'.padEnd(widths[0])}  ${'address'.padEnd(widths[1])}  ${'pid'.padEnd(widths[2])}  log`,
    ...lines,
    `  run folder: ${cluster.options.runDir} (logs/, haproxy.cfg)`,
  ].join('\n');
}
