/**
 * `npm run cluster`: the product as a small production topology on this machine (cluster.ts): HAProxy on
 * http://127.0.0.1:8080 (CLUSTER_PORT to change) over three instances of the compiled server (CLUSTER_INSTANCES), a
 * fresh database `mbo_cluster` (migrated as a release step, with the demo data), and the optional parts the repository
 * has. Prints the topology, waits until every instance is in rotation, and on Ctrl-C or SIGTERM stops everything in
 * order and checks that no process it started is left.
 */
import { ensureBuilt, startCluster } from './cluster';
import { makeRunDir } from './paths';

function whole(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    console.error(`${name} must be a whole number between ${min} and ${max}, not '${raw}'`);
    process.exit(2);
  }
  return value;
}

const port = whole('CLUSTER_PORT', 8080, 1, 65535);
const instances = whole('CLUSTER_INSTANCES', 3, 1, 9);
const log = (line: string) => console.log(`cluster: ${line}`);

const runDir = makeRunDir('mbo-cluster');
ensureBuilt(runDir, log);
const cluster = await startCluster({
  runDir,
  port,
  instances,
  databaseName: 'mbo_cluster',
  seedPayments: 0,
  log,
}).catch((err: unknown) => {
  console.error(`cluster: could not start: ${err instanceof Error ? err.message : String(err)}`);
  console.error(`cluster: logs in ${runDir}/logs`);
  process.exit(1);
});

console.log(`\n${cluster.topology()}\n`);
log(`every instance is in rotation: open ${cluster.url}/app/ and log in as owner@demo.test / Merchant#2026`);
log('Ctrl-C (or SIGTERM) stops it all');

let stopping = false;
for (const instance of cluster.running.values()) {
  void instance.process.exited.then((exit) => {
    if (!stopping)
      log(`${instance.process.name} (pid ${instance.process.pid}) exited on its own: ${JSON.stringify(exit)}`);
  });
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  const { leftAlive } = await cluster.stop();
  const pids = cluster.started.map((i) => i.process.pid).concat(cluster.balancer.process.pid);
  if (leftAlive.length) {
    console.error(`cluster: still alive: ${leftAlive.map((p) => `${p.name} (pid ${p.pid})`).join(', ')}`);
    process.exit(1);
  }
  log(
    `stopped; no process left (pids ${pids.join(', ')} all gone). Database ${cluster.database.name} kept; logs in ${runDir}/logs`,
  );
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
