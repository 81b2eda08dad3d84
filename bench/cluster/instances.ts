/**
 * The app instances: `node --import ./apps/server/dist/instrumentation.js apps/server/dist/server.js`, as `npm start`
 * runs it, each on a loopback port of its own (its slot, kept across restarts so the balancer's server line stays),
 * configured only through its environment, its log in the run folder (one file per start: app1.log, app1.2.log…). An
 * instance counts as started once its own /readyz answers 200.
 */
import fs from 'node:fs';
import path from 'node:path';
import { baseEnv, INSTRUMENTATION_JS, ROOT, SERVER_JS } from './paths';
import { spawnLogged, waitFor, type Exit, type ManagedProcess } from './processes';

export interface Slot {
  name: string;
  port: number;
  metricsPort: number;
  dataDir: string;
}

export interface Instance {
  slot: Slot;
  /** 1 for the first start of the slot, then 2, 3… */
  generation: number;
  process: ManagedProcess;
  startedMs: number;
}

/** What every instance shares (the database, the files, the data key…) and the settings of one slot. */
export function instanceEnv(shared: Record<string, string>, slot: Slot): NodeJS.ProcessEnv {
  return {
    ...baseEnv(),
    ...shared,
    PORT: String(slot.port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(slot.metricsPort),
    DATA_DIR: shared.DATA_DIR ?? slot.dataDir,
  };
}

async function readyz(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.status;
}

export async function startInstance(
  runDir: string,
  slot: Slot,
  shared: Record<string, string>,
  generation: number,
): Promise<Instance> {
  fs.mkdirSync(slot.dataDir, { recursive: true });
  const suffix = generation === 1 ? '' : `.${generation}`;
  const started = performance.now();
  const proc = spawnLogged(
    `${slot.name}${suffix}`,
    process.execPath,
    [
      '--enable-source-maps',
      '--import',
      `./${path.relative(ROOT, INSTRUMENTATION_JS)}`,
      path.relative(ROOT, SERVER_JS),
    ],
    {
      cwd: ROOT,
      env: instanceEnv(shared, slot),
      logFile: path.join(runDir, 'logs', `${slot.name}${suffix}.log`),
    },
  );
  await waitFor(
    `${slot.name} (pid ${proc.pid}) to answer /readyz on port ${slot.port}`,
    async () => (await readyz(slot.port)) === 200,
    {
      timeoutMs: 120_000,
      giveUp: () => (proc.alive() ? undefined : `${slot.name} exited during its start; see ${proc.logFile}`),
    },
  ).catch(async (err: unknown) => {
    await proc.stop('SIGKILL');
    throw err;
  });
  return { slot, generation, process: proc, startedMs: performance.now() - started };
}

/** SIGTERM: the instance drains (DRAIN_DELAY_MS), closes gracefully and exits; resolves with its exit. */
export function stopInstance(instance: Instance, timeoutMs: number): Promise<Exit> {
  return instance.process.stop('SIGTERM', timeoutMs);
}

/** SIGKILL: the crash of an instance (kill -9). */
export function killInstance(instance: Instance): Promise<Exit> {
  return instance.process.stop('SIGKILL');
}
