/**
 * The child processes of the cluster: each spawned in a process group of its own (so a Ctrl-C in the terminal reaches
 * the orchestrator only, which stops them in order), its output appended to a log file of the run folder, and
 * stopped by its pid only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ManagedProcess {
  name: string;
  pid: number;
  logFile: string;
  child: ChildProcess;
  /** Resolves once the process has exited. */
  exited: Promise<Exit>;
  alive(): boolean;
  /** Sends `signal` and waits for the exit; SIGKILL past `timeoutMs`. Resolves at once when it has exited already. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
}

/** Every process spawned here, for the last-resort SIGKILL when the orchestrator exits some other way. */
const spawned = new Set<ManagedProcess>();
process.once('exit', () => {
  for (const p of spawned) if (p.alive()) p.child.kill('SIGKILL');
});

export function spawnLogged(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; logFile: string },
): ManagedProcess {
  const fd = fs.openSync(options.logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  fs.closeSync(fd);
  if (child.pid === undefined) throw new Error(`${name}: ${command} could not be started`);
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
    child.once('error', () => {
      exit ??= { code: null, signal: null };
      resolve(exit);
    });
  });
  const managed: ManagedProcess = {
    name,
    pid: child.pid,
    logFile: options.logFile,
    child,
    exited,
    alive: () => exit === undefined,
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (exit) return exit;
      child.kill(signal);
      const timer = setTimeout(() => {
        if (!exit) child.kill('SIGKILL');
      }, timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  spawned.add(managed);
  void exited.then(() => spawned.delete(managed));
  return managed;
}

/** Runs a command to its end, output to a log file; throws with the log's tail when it exits non-zero. */
export async function runLogged(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; logFile: string; timeoutMs?: number },
): Promise<void> {
  const p = spawnLogged(name, command, args, options);
  const timer = setTimeout(() => p.child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
  const exit = await p.exited.finally(() => clearTimeout(timer));
  if (exit.code !== 0) {
    const tail = fs.readFileSync(options.logFile, 'utf8').split('\n').slice(-15).join('\n');
    throw new Error(`${name} failed (${exit.code ?? exit.signal}); end of ${options.logFile}:\n${tail}`);
  }
}

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Polls `condition` until it holds (a throw counts as "not yet"); throws naming `what` past the deadline, or at once
 * when `giveUp` names a reason (the process it waits for has exited). No fixed sleeps: a short poll interval.
 */
export async function waitFor(
  what: string,
  condition: () => Promise<boolean> | boolean,
  {
    timeoutMs = 60_000,
    intervalMs = 100,
    giveUp,
  }: { timeoutMs?: number; intervalMs?: number; giveUp?: () => string | undefined } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (
      await Promise.resolve()
        .then(condition)
        .catch(() => false)
    )
      return;
    const reason = giveUp?.();
    if (reason) throw new Error(`gave up waiting for ${what}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A TCP port free on loopback right now (the kernel's choice). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether something accepts connections on a loopback port. */
export async function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
