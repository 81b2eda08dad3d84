import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { MetricsRecorder, WebhookFailureReason } from '../lib/metrics-recorder';

/** The label of a request that matched no route (so the label set stays bounded: never the raw URL). */
export const UNMATCHED_ROUTE = 'unmatched';

/** A collect() that reads the database gives up after this long: the series is left out of that scrape. */
export const COLLECT_TIMEOUT_MS = 2000;

/**
 * The node-postgres pools whose counters are exported, by their `pool` label. Adding a pool (the read
 * replica's, a jobs pool) is one line here: `['replica', database.readPool]`. PGlite has no pool (one
 * connection, serialised by PGlite itself): no pool series at all on the embedded database.
 */
export function poolsOf(database: Database): [label: string, pool: pg.Pool | undefined][] {
  const primary = database.kind === 'postgres' ? (database.db as unknown as { $client: pg.Pool }).$client : undefined;
  return [
    ['primary', primary],
    ['replica', database.readPool],
  ];
}

export interface SeriesSources {
  database: Database;
  jobs: Pick<JobQueue, 'queueStats'>;
  log: FastifyBaseLogger;
}

/** Resolves with the value, or rejects after COLLECT_TIMEOUT_MS (the timer never holds the process open). */
function withDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${COLLECT_TIMEOUT_MS} ms`)),
      COLLECT_TIMEOUT_MS,
    );
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Every series of one app, in a registry of its own (tests build many apps in one process: nothing
 * goes to prom-client's global registry), with Node's default process metrics. The domain series are
 * written through the MetricsRecorder it returns; the pools, the job queues and the replica's lag are
 * read when scraped (collect()).
 */
export function createSeries(sources: SeriesSources): {
  registry: Registry;
  recorder: MetricsRecorder;
  httpDuration: Histogram<'route' | 'method' | 'status_code'>;
} {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'mbo_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template (unmatched: no route), method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const pools = poolsOf(sources.database).filter((entry): entry is [string, pg.Pool] => entry[1] !== undefined);
  const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const [label, pool] of pools) this.set({ pool: label }, read(pool));
      },
    });
  if (pools.length) {
    poolGauge('mbo_db_pool_connections', 'Connections the database pool holds (idle and in use).', (p) => p.totalCount);
    poolGauge('mbo_db_pool_idle_connections', 'Connections of the pool that are idle.', (p) => p.idleCount);
    poolGauge(
      'mbo_db_pool_in_use_connections',
      'Connections of the pool lent to a query or a transaction.',
      (p) => p.totalCount - p.idleCount,
    );
    poolGauge(
      'mbo_db_pool_waiting_clients',
      'Queries and transactions waiting for a connection of the pool.',
      (p) => p.waitingCount,
    );
  }

  // Both job gauges are filled by one query per scrape (whichever gauge prom-client collects first).
  let queueRead: Promise<Awaited<ReturnType<JobQueue['queueStats']>> | null> | undefined;
  const queueStats = () => {
    queueRead ??= withDeadline(sources.jobs.queueStats(), 'job queue depth')
      .catch((err: unknown) => {
        sources.log.warn({ err }, 'metrics: the job queues could not be read');
        return null;
      })
      .finally(() => setImmediate(() => (queueRead = undefined)));
    return queueRead;
  };
  new Gauge({
    name: 'mbo_job_queue_depth',
    help: 'Jobs waiting in a pg-boss queue (created or waiting for a retry, due or scheduled later).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of (await queueStats()) ?? []) this.set({ queue: row.queue }, row.waiting);
    },
  });
  new Gauge({
    name: 'mbo_job_queue_oldest_waiting_seconds',
    help: 'Seconds the oldest due job of a pg-boss queue has waited since it became due (0: none due).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of (await queueStats()) ?? []) this.set({ queue: row.queue }, row.oldestDueSeconds);
    },
  });

  const replicaLag = sources.database.replicaLag;
  if (replicaLag) {
    new Gauge({
      name: 'mbo_db_replica_lag_seconds',
      help: 'Seconds the read replica is behind the primary (absent from a scrape when it cannot be reached).',
      labelNames: ['pool'] as const,
      registers,
      async collect() {
        this.reset();
        const lag = await withDeadline(replicaLag(), 'replica lag').catch((err: unknown) => {
          sources.log.warn({ err }, 'metrics: the replica lag could not be read');
          return null;
        });
        if (lag !== null) this.set({ pool: 'replica' }, lag);
      },
    });
  }

  const webhookLag = new Histogram({
    name: 'mbo_webhook_delivery_lag_seconds',
    help: "Seconds from a webhook event's creation to its successful delivery.",
    buckets: [0.1, 0.5, 1, 2.5, 5, 15, 60, 300, 1800, 7200, 21_600, 86_400],
    registers,
  });
  const webhookFailures = new Counter({
    name: 'mbo_webhook_delivery_failures_total',
    help: 'Failed webhook delivery attempts, by reason class.',
    labelNames: ['reason'] as const,
    registers,
  });
  const exportDuration = new Histogram({
    name: 'mbo_export_duration_seconds',
    help: 'Seconds to build an export file, by export type and format.',
    labelNames: ['type', 'format'] as const,
    buckets: [0.5, 1, 2.5, 5, 15, 30, 60, 120, 300, 600, 1800],
    registers,
  });
  const exportFailures = new Counter({
    name: 'mbo_export_failures_total',
    help: 'Export runs that failed, by export type and format (each failed attempt, retried or last).',
    labelNames: ['type', 'format'] as const,
    registers,
  });
  const loginFailures = new Counter({
    name: 'mbo_login_failures_total',
    help: 'Refused logins, by reason (WRONG_PASSWORD, UNKNOWN_EMAIL, LOCKED, PASSWORD_NOT_SET, STATUS_…).',
    labelNames: ['reason'] as const,
    registers,
  });
  const lockouts = new Counter({
    name: 'mbo_account_lockouts_total',
    help: 'Accounts locked after too many failed attempts, by where the last one was made.',
    labelNames: ['via'] as const,
    registers,
  });

  const recorder: MetricsRecorder = {
    loginFailed: (reason) => loginFailures.inc({ reason }),
    accountLocked: (via) => lockouts.inc({ via }),
    exportFinished: (type, format, seconds) => exportDuration.observe({ type, format }, seconds),
    exportFailed: (type, format) => exportFailures.inc({ type, format }),
    webhookDelivered: (lagSeconds) => webhookLag.observe(Math.max(0, lagSeconds)),
    webhookAttemptFailed: (reason: WebhookFailureReason) => webhookFailures.inc({ reason }),
  };
  return { registry, recorder, httpDuration };
}
