import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'tsup';
import { serverBuild } from '../tsup.config';

/**
 * The production process: the compiled server (built here as `npm run build -w apps/server` does,
 * into a folder of this test's own) run with plain node on a fresh embedded database.
 *
 * The slow request is a real one, made slow by its client: a 48 MB file of the web app's assets
 * folder (WEB_DIST points to a folder of the test's own), read by a client that stops reading after
 * the headers. TCP backpressure holds the server's response open, in flight, for exactly as long
 * as the test wants: no timing guess, no test-only route.
 */
const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const BIG_FILE_BYTES = 48 * 1024 * 1024;

interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  port: number;
  logs: string[];
  /** Resolves when a log line matches. */
  logged(pattern: RegExp): Promise<void>;
  /** The exit code, once the process has exited and all its output is read. */
  exited: Promise<number | null>;
}

describe('the compiled server process', () => {
  const outDir = `.build-test-${randomUUID().slice(0, 8)}`;
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-server-'));
  const webDist = path.join(temp, 'web');
  const children: ChildProcessWithoutNullStreams[] = [];

  beforeAll(async () => {
    await build(serverBuild(outDir));
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>test</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'big.bin'), Buffer.alloc(BIG_FILE_BYTES, 7));
  }, 60_000);

  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(path.join(SERVER_ROOT, outDir), { recursive: true, force: true });
    fs.rmSync(temp, { recursive: true, force: true });
  });

  async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
    const child = spawn(process.execPath, [path.join(SERVER_ROOT, outDir, 'server.js')], {
      cwd: SERVER_ROOT,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: path.join(temp, `data-${children.length}`),
        WEB_DIST: webDist,
        SEED_DEMO: 'false',
        PORT: '0',
        HOST: '127.0.0.1',
        ...env,
      },
    });
    children.push(child);
    const logs: string[] = [];
    const waiters: { pattern: RegExp; resolve: () => void }[] = [];
    let pending = '';
    const onText = (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        for (const waiter of waiters.filter((w) => w.pattern.test(line))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    };
    child.stdout.on('data', onText);
    child.stderr.on('data', onText);
    // 'close' comes after 'exit' and after the last output: every log line is in `logs` by then.
    const exited = once(child, 'close').then(([code]) => code as number | null);
    const logged = (pattern: RegExp) =>
      logs.some((line) => pattern.test(line))
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => waiters.push({ pattern, resolve })),
            exited.then((code) => {
              throw new Error(`the server exited (${code}) before logging ${pattern}:\n${logs.join('\n')}`);
            }),
          ]);
    await logged(/Merchant Back-office on http:\/\/localhost:\d+\/app\//);
    const port = Number(
      /localhost:(\d+)\/app\//.exec(logs.find((line) => line.includes('Merchant Back-office on'))!)![1],
    );
    return { child, port, logs, logged, exited };
  }

  /**
   * Starts downloading the big asset and stops reading once the headers are in: the server's answer stays in flight.
   */
  async function stalledDownload(port: number) {
    const request = http.get({ host: '127.0.0.1', port, path: '/app/assets/big.bin', agent: false });
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    return {
      request,
      response,
      /** Reads the rest; resolves with the number of body bytes. */
      async finish(): Promise<number> {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        await once(response, 'end');
        return bytes;
      },
    };
  }

  /** Resolves once a new TCP connection to the port is refused (tries again while it is still accepted). */
  async function connectionRefused(port: number): Promise<void> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const socket = net.connect({ host: '127.0.0.1', port });
      const outcome = await Promise.race([
        once(socket, 'connect').then(() => 'accepted' as const),
        once(socket, 'error').then(([err]) => (err as NodeJS.ErrnoException).code ?? 'error'),
      ]).catch((err: NodeJS.ErrnoException) => err.code ?? 'error');
      socket.destroy();
      if (outcome === 'ECONNREFUSED') return;
      if (Date.now() > deadline) throw new Error(`new connections are still ${outcome} 5 s after SIGTERM`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('answers its probes; on SIGTERM refuses new connections, finishes the request in flight with 200, then exits 0', async () => {
    const server = await startServer();
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });

    const download = await stalledDownload(server.port);
    expect(download.response.statusCode).toBe(200);

    server.child.kill('SIGTERM');
    await server.logged(/shutting down/);
    await connectionRefused(server.port);
    // Still running: the download is in flight.
    expect(server.child.exitCode).toBeNull();

    expect(await download.finish()).toBe(BIG_FILE_BYTES);
    expect(await server.exited).toBe(0);
    expect(server.logs.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  }, 180_000);

  it('with DRAIN_DELAY_MS, on SIGTERM answers /readyz 503 at once while still serving other requests, then exits 0', async () => {
    const drainDelayMs = 8000;
    const server = await startServer({ DRAIN_DELAY_MS: String(drainDelayMs) });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    await server.logged(/draining/);
    // Out of rotation at once...
    const readyz = await fetch(`${base}/readyz`);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toEqual({ status: 'draining' });
    // ...while the other requests are still served (new connections too), asking the client to reconnect elsewhere.
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
    const page = await fetch(`${base}/app/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>test</title>');
    expect(server.child.exitCode).toBeNull();

    expect(await server.exited).toBe(0);
    // The graceful close began only after the drain delay (pino's `time` of each line), and finished.
    const timeOf = (text: string) => {
      const line = server.logs.find((l) => l.includes(text));
      if (!line) throw new Error(`no log line with ${text}:\n${server.logs.join('\n')}`);
      return (JSON.parse(line) as { time: number }).time;
    };
    expect(timeOf('shutting down') - timeOf('draining')).toBeGreaterThanOrEqual(drainDelayMs);
    expect(timeOf('"msg":"stopped"')).toBeGreaterThanOrEqual(timeOf('shutting down'));
  }, 180_000);

  it('exits 1 when the requests in flight outlast SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const download = await stalledDownload(server.port);
    download.response.on('error', () => undefined);
    server.child.kill('SIGTERM');
    await server.logged(/shutting down/);
    // The graceful close waits for the download, which the client holds open.
    expect(server.child.exitCode).toBeNull();
    expect(await server.exited).toBe(1);
    // The deadline ended it: its line came after the shutdown began, the close never finished, and the download never
    // completed.
    const line = (text: string) => server.logs.findIndex((l) => l.includes(text));
    expect(line('shutdown took longer than 1000 ms')).toBeGreaterThan(line('shutting down'));
    expect(line('"msg":"stopped"')).toBe(-1);
    expect(download.response.complete).toBe(false);
    download.request.destroy();
  }, 180_000);
});
