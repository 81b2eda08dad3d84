/**
 * Throughput with one instance in rotation against all of them, on the same machine and the same read workload
 * (payments list and detail, a few concurrent sessions): the other instances are put in maintenance on the balancer's
 * admin socket for the one-instance run, then back.
 */
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import type { Cluster } from './cluster';
import { Client } from './http-client';
import { login } from './setup';
import { percentiles } from './stats';

export interface ScalingRun {
  instances: number;
  seconds: number;
  requests: number;
  failed: number;
  failures: string;
  /** Successful answers a second. */
  perSecond: number;
  p50: number;
  p95: number;
}

/** Calls per session before a new login: the per-session limit is 600 calls a minute. */
const CALLS_PER_SESSION = 400;

async function readLoad(
  cluster: Cluster,
  clients: Client[],
  users: string[],
  detailIds: string[],
  ms: number,
): Promise<ScalingRun> {
  const samples: number[] = [];
  const failures = new Map<string, number>();
  const until = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      await login(client, users[c]);
      for (let i = 0; performance.now() < until; i++) {
        if (i > 0 && i % CALLS_PER_SESSION === 0) await login(client, users[c]);
        const answer =
          i % 2 === 0
            ? await client.request('POST', PAYMENT_PATHS.list, { json: { pageNum: 1, pageSize: 20 } })
            : await client.request(
                'GET',
                `${PAYMENT_PATHS.detail}?paymentId=${encodeURIComponent(detailIds[(i * 7 + c) % detailIds.length])}`,
              );
        samples.push(answer.ms);
        if (answer.status !== 200) {
          const what = answer.status ? `HTTP ${answer.status}` : `no answer (${answer.error ?? 'error'})`;
          failures.set(what, (failures.get(what) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { p50, p95 } = percentiles(samples);
  const instances = [...(await cluster.balancer.states()).values()].filter((s) => s === 'UP').length;
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  return {
    instances,
    seconds,
    requests: samples.length,
    failed,
    failures: [...failures].map(([what, n]) => `${what} ×${n}`).join(', '),
    perSecond: (samples.length - failed) / seconds,
    p50,
    p95,
  };
}

export async function measureScaling(
  cluster: Cluster,
  users: string[],
  detailIds: string[],
  ms: number,
): Promise<{ all: ScalingRun; one: ScalingRun }> {
  const base = new URL(cluster.url);
  const clients = users.map((_, i) => new Client(base, `127.4.0.${i + 1}`));
  const others = cluster.slots.slice(1).map((s) => s.name);
  try {
    const all = await readLoad(cluster, clients, users, detailIds, ms);
    for (const name of others) await cluster.balancer.setServer(name, 'maint');
    await cluster.balancer.waitUp([cluster.slots[0].name]);
    const one = await readLoad(cluster, clients, users, detailIds, ms);
    return { all, one };
  } finally {
    for (const name of others) await cluster.balancer.setServer(name, 'ready').catch(() => undefined);
    await cluster.balancer.waitUp(cluster.slots.map((s) => s.name)).catch(() => undefined);
    for (const client of clients) client.close();
  }
}
