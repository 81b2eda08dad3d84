/**
 * `npm run bench:cluster [-- --duration 60 --users 6 --scale-seconds 10]`: starts the cluster of `npm run cluster`
 * (cluster.ts, on free loopback ports, database mbo_cluster_bench, dropped after), drives the mixed workload
 * (workload.ts) through HAProxy for --duration seconds (longer if the faults need it) while the faults run
 * (faults.ts), measures one instance against all of them (scaling.ts), then prints p50/p95 and throughput per phase
 * and asserts (checks.ts). Exits 1 when a check fails; stops everything it started in every case.
 */
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ensureBuilt, startCluster, type Cluster } from './cluster';
import {
  checkExports,
  checkLedger,
  checkLinkPayments,
  checkLoginLimit,
  checkRefunds,
  checkWebhooks,
  type Check,
} from './checks';
import { killTimes, runFaults, type FaultOutcome } from './faults';
import { Client } from './http-client';
import { missingSeries, scrapeMetrics, type Scrape } from './metrics';
import { makeRunDir } from './paths';
import { measureScaling } from './scaling';
import {
  createBenchUsers,
  createPaymentLinks,
  login,
  OWNER,
  refundablePayments,
  registerWebhookEndpoint,
} from './setup';
import { PhaseStats, table } from './stats';
import { startWebhookReceiver } from './webhook-receiver';
import { exporter, finishExports, virtualUser, type Records, type WorkloadContext } from './workload';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    users: { type: 'string', default: '6' },
    'scale-seconds': { type: 'string', default: '10' },
  },
});
const DURATION_MS = Number(values.duration) * 1000;
const USERS = Number(values.users);
const SCALE_MS = Number(values['scale-seconds']) * 1000;
if (![DURATION_MS, USERS, SCALE_MS].every(Number.isInteger) || DURATION_MS < 20_000 || USERS < 1 || USERS > 20) {
  console.error('usage: npm run bench:cluster -- [--duration 60 (>= 20 s)] [--users 6 (1-20)] [--scale-seconds 10]');
  process.exit(2);
}
/** Steady load before the first fault and between faults. */
const STEADY_MS = 5000;
/** How long the last webhook deliveries and exports may take after the load (a crashed instance's lease expires). */
const SETTLE_MS = 240_000;

const log = (line: string) => console.log(`bench:cluster: ${line}`);
const loadBefore = os.loadavg();
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const runDir = makeRunDir('mbo-bench-cluster');
ensureBuilt(runDir, log);
const receiver = await startWebhookReceiver();
let cluster: Cluster | undefined;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping everything`);
    void (cluster?.stop({ dropDatabase: true }) ?? Promise.resolve()).finally(() => process.exit(1));
  });
}

let failed = true;
try {
  cluster = await startCluster({
    runDir,
    port: Number(process.env.CLUSTER_PORT ?? 0),
    instances: 3,
    databaseName: 'mbo_cluster_bench',
    seedPayments: 0,
    // The receiver listens on loopback; refunds are decided within a second, so their events come during the run.
    extraEnv: { WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true', SANDBOX_REFUND_DELAY_MS: '1000' },
    log,
  });
  console.log(`\n${cluster.topology()}\n`);
  failed = !(await bench(cluster));
} catch (err) {
  console.error(`bench:cluster: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  if (cluster && !interrupted) {
    const { leftAlive } = await cluster.stop({ dropDatabase: true });
    const pids = cluster.started.map((i) => i.process.pid).concat(cluster.balancer.process.pid);
    if (leftAlive.length) {
      failed = true;
      console.error(`bench:cluster: still alive: ${leftAlive.map((p) => `${p.name} (pid ${p.pid})`).join(', ')}`);
    } else log(`stopped; no process left (pids ${pids.join(', ')} all gone); logs in ${runDir}/logs`);
  }
  await receiver.close();
}
process.exit(failed ? 1 : 0);

async function bench(cluster: Cluster): Promise<boolean> {
  const base = new URL(cluster.url);
  const users = await createBenchUsers(cluster.database, USERS + 1);
  const owner = new Client(base, '127.3.0.9');
  await login(owner, OWNER);
  const links = await createPaymentLinks(owner, USERS * 6);
  const endpointId = await registerWebhookEndpoint(owner, receiver);
  owner.close();
  const payments = await refundablePayments(cluster.database);
  const detailIds = payments.slice(0, 500).map((p) => p.paymentId);

  const records: Records = { refunds: [], linkPayments: [], exports: [], refusedExports: new Map() };
  const stats = new PhaseStats('steady');
  let running = true;
  const ctx: WorkloadContext = {
    base,
    stats,
    running: () => running,
    users,
    payments: payments.slice(500),
    detailIds,
    links,
    records,
  };
  log(`load: ${USERS} virtual users and an exporter through ${cluster.url} for ${DURATION_MS / 1000} s, with faults`);
  const loadStarted = performance.now();
  const workers = [...users.slice(0, USERS).map((_, i) => virtualUser(ctx, i)), exporter(ctx, users[USERS])];
  const scrapes: Scrape[][] = [];
  let faults: FaultOutcome[];
  try {
    await new Promise((resolve) => setTimeout(resolve, STEADY_MS / 2));
    scrapes.push(await scrapeMetrics(cluster));
    faults = await runFaults(cluster, stats, log, STEADY_MS / 2);
    const left = DURATION_MS - (performance.now() - loadStarted);
    await new Promise((resolve) => setTimeout(resolve, Math.max(STEADY_MS, left)));
    scrapes.push(await scrapeMetrics(cluster));
  } finally {
    running = false;
    await Promise.allSettled(workers);
    stats.end();
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  log(`load over after ${loadSeconds.toFixed(0)} s; finishing the exports, measuring 1 instance against 3…`);
  await finishExports(ctx, users[USERS], Date.now() + 60_000);
  const scaling = await measureScaling(cluster, users.slice(0, 4), detailIds, SCALE_MS);
  log('checking…');
  const checks: Check[] = [
    ...(await checkRefunds(cluster.database, records)),
    await checkLinkPayments(cluster.database, records, links),
    await checkExports(cluster.database, records, killTimes),
    await checkWebhooks(cluster.database, endpointId, receiver, SETTLE_MS, killTimes),
    await checkLoginLimit(base),
    await checkLedger(cluster.database),
    drainCheck(stats),
    metricsCheck(scrapes, cluster.parts.replica !== null),
  ];
  print(cluster, stats, faults, scaling, checks, loadSeconds);
  return checks.every((c) => c.ok);
}

/** SIGTERM and the rolling replacement drain first: no request may fail in those phases. */
function drainCheck(stats: PhaseStats): Check {
  const phases = stats.figures().filter((f) => f.name.startsWith('SIGTERM') || f.name === 'rolling replacement');
  const failures = phases.filter((f) => f.failed > 0);
  return {
    name: 'draining: no request failed while instances were stopped with SIGTERM',
    ok: phases.length > 0 && failures.length === 0,
    detail: phases
      .map((f) => `${f.name}: ${f.failed} of ${f.requests} failed${f.failures ? ` (${f.failures})` : ''}`)
      .join('; '),
  };
}

function metricsCheck(scrapes: Scrape[][], withReplica: boolean): Check {
  const answered = scrapes.flat().filter((s) => s.series !== null);
  if (!answered.length)
    return {
      name: 'metrics: every instance exposes the mbo_ series',
      ok: true,
      detail: 'skipped: no instance serves /metrics on its METRICS_PORT (not in this build)',
    };
  const lacking = answered
    .map((s) => ({ s, missing: missingSeries(s.series!, withReplica) }))
    .filter((x) => x.missing.length);
  const silent = scrapes.flat().filter((s) => s.series === null);
  return {
    name: 'metrics: every instance exposes the mbo_ series',
    ok: lacking.length === 0 && silent.length === 0,
    detail: `${answered.length} scrapes answered, ${silent.length} did not; ${lacking.length ? lacking.map((x) => `${x.s.instance} lacks ${x.missing.join(', ')}`).join('; ') : `each has ${[...answered[0].series!].length} mbo_ series`}`,
  };
}

function print(
  cluster: Cluster,
  stats: PhaseStats,
  faults: FaultOutcome[],
  scaling: Awaited<ReturnType<typeof measureScaling>>,
  checks: Check[],
  loadSeconds: number,
): void {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(
    `\nbench:cluster: ${cluster.slots.length} instances behind HAProxy, ${USERS} virtual users + 1 exporter, ${loadSeconds.toFixed(0)} s of load; ${os.cpus().length} CPUs; node ${process.version}`,
  );
  console.log(`load average before: ${loadBefore.map((n) => n.toFixed(2)).join(', ')}; now: ${uptime()}\n`);
  console.log(
    table(
      ['phase', 'seconds', 'requests', 'failed', 'p50', 'p95', 'req/s'],
      stats
        .figures()
        .map((f) => [
          f.name,
          f.seconds.toFixed(1),
          String(f.requests),
          f.failed ? `${f.failed} (${f.failures})` : '0',
          ms(f.p50),
          ms(f.p95),
          f.perSecond.toFixed(1),
        ]),
    ),
  );
  console.log(
    `\n${table(
      ['fault', 'took', 'what happened'],
      faults.map((f) => [f.phase, `${f.seconds.toFixed(1)} s`, f.detail]),
    )}`,
  );
  const { all, one } = scaling;
  console.log(
    `\n${table(
      [`read load (list + detail, 4 sessions, ${SCALE_MS / 1000} s each)`, 'answers/s', 'p50', 'p95', 'failed'],
      [
        [
          `${all.instances} instances in rotation`,
          all.perSecond.toFixed(1),
          ms(all.p50),
          ms(all.p95),
          all.failed ? `${all.failed} (${all.failures})` : '0',
        ],
        [
          `${one.instances} instance in rotation`,
          one.perSecond.toFixed(1),
          ms(one.p50),
          ms(one.p95),
          one.failed ? `${one.failed} (${one.failures})` : '0',
        ],
      ],
    )}`,
  );
  console.log(
    `${all.instances} vs ${one.instances} instance throughput: ${(all.perSecond / one.perSecond).toFixed(2)}x. On ${os.cpus().length} cores the instances share the CPUs with PostgreSQL, HAProxy and this load generator: this shows the overhead of more processes rather than a speed-up.\n`,
  );
  console.log(
    table(
      ['check', 'result', 'detail'],
      checks.map((c) => [c.name, c.ok ? 'PASS' : 'FAIL', c.detail]),
    ),
  );
  console.log(
    `\n${checks.every((c) => c.ok) ? 'All checks hold.' : `${checks.filter((c) => !c.ok).length} check(s) failed.`}`,
  );
}
