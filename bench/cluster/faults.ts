/**
 * The faults bench:cluster injects while the load runs, one after the other, each a phase of its own in the figures:
 * kill -9 of an instance and its restart; SIGTERM of another (it drains, closes, exits) and its restart; the replica
 * stopped for 10 s (when the cluster has one); a rolling replacement of every instance, one at a time (SIGTERM, start
 * the new one, wait until the balancer has it in rotation).
 */
import type { Cluster } from './cluster';
import type { PhaseStats } from './stats';

/** When (Date.now()) each kill -9 was sent: what was in flight on that instance may be lost or done twice. */
export const killTimes: number[] = [];

export interface FaultOutcome {
  phase: string;
  seconds: number;
  detail: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function phase(
  stats: PhaseStats,
  outcomes: FaultOutcome[],
  name: string,
  run: () => Promise<string>,
): Promise<void> {
  stats.begin(name);
  const started = performance.now();
  const detail = await run();
  outcomes.push({ phase: name, seconds: (performance.now() - started) / 1000, detail });
}

async function restart(cluster: Cluster, name: string, how: 'SIGKILL' | 'SIGTERM'): Promise<string> {
  const old = cluster.running.get(name);
  const stopped = performance.now();
  if (how === 'SIGKILL') killTimes.push(Date.now());
  await cluster.stopSlot(name, how);
  const exit = await old?.process.exited;
  const down = ((performance.now() - stopped) / 1000).toFixed(1);
  const instance = await cluster.startSlot(name);
  return `pid ${old?.process.pid} ${how === 'SIGKILL' ? 'killed' : `exited ${exit?.code ?? exit?.signal} after ${down} s`}; pid ${instance.process.pid} in rotation`;
}

/** Runs every fault in turn, with `steadyMs` of steady load before the first and between them. */
export async function runFaults(
  cluster: Cluster,
  stats: PhaseStats,
  log: (line: string) => void,
  steadyMs: number,
): Promise<FaultOutcome[]> {
  const outcomes: FaultOutcome[] = [];
  const names = cluster.slots.map((s) => s.name);
  const steady = async (label: string) => {
    stats.begin(label);
    await pause(steadyMs);
  };
  await pause(steadyMs);
  log(`fault: kill -9 ${names[0]}, then a new instance`);
  await phase(stats, outcomes, `kill -9 ${names[0]} + restart`, () => restart(cluster, names[0], 'SIGKILL'));
  await steady('steady');
  const second = names[1 % names.length];
  log(`fault: SIGTERM ${second} (drain), then a new instance`);
  await phase(stats, outcomes, `SIGTERM ${second} + restart`, () => restart(cluster, second, 'SIGTERM'));
  const replica = cluster.parts.replica;
  if (replica) {
    await steady('steady');
    log('fault: replica stopped for 10 s');
    await phase(stats, outcomes, 'replica stopped 10 s', async () => {
      await replica.stop();
      await pause(10_000);
      await replica.start();
      await replica.waitForReplay();
      return 'stopped, started, replay caught up';
    });
  }
  await steady('steady');
  log(`fault: rolling replacement of ${names.join(', ')}`);
  await phase(stats, outcomes, 'rolling replacement', async () => {
    const lines: string[] = [];
    for (const name of names) lines.push(`${name}: ${await restart(cluster, name, 'SIGTERM')}`);
    return lines.join('; ');
  });
  stats.begin('steady (after)');
  return outcomes;
}
