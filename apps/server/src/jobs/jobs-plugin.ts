import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client';
import { JobQueue, type JobQueueOptions } from './job-queue';
import { pgliteExecutor, poolExecutor, type SqlExecutor } from './sql-executor';

/** pg-boss runs its SQL over the app's own connections: the pool, or the one PGlite client. */
export function executorFor(database: Database): SqlExecutor {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return database.kind === 'pglite' ? pgliteExecutor(client as PGlite) : poolExecutor(client as pg.Pool);
}

/** JobQueueOptions an app may set (tests: TEST_JOBS in src/test/harness.ts). */
export type JobsPluginOptions = Partial<
  Pick<JobQueueOptions, 'pollIntervalMs' | 'stopTimeoutMs' | 'schedules' | 'retryDelaySeconds'>
>;

/**
 * Decorates `app.jobs` (register it before the modules). The workers start when the app is ready,
 * after every module registered its jobs, and stop when it closes.
 */
async function jobsPlugin(app: FastifyInstance, options: JobsPluginOptions) {
  // Within the shutdown deadline (SHUTDOWN_TIMEOUT_MS), leaving time to close the database after.
  const stopTimeoutMs = options.stopTimeoutMs ?? Math.floor((app.config.shutdownTimeoutMs ?? 10_000) * 0.6);
  const jobs = new JobQueue({ ...options, executor: executorFor(app.database), log: app.log, stopTimeoutMs });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start(app));
  app.addHook('onClose', async () => jobs.stop());
}

export default fp(jobsPlugin, { name: 'jobs' });
