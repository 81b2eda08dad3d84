import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { exportJobs } from '../../db/payments-schema';
import { typedRows } from '../../db/typed-rows';
import { defineJob } from '../../jobs/job-definition';
import { buildExportJob } from './build-export-job';

/**
 * A RUNNING export whose heartbeat is older than this is taken as dead. A live build beats it with each progress
 * write (at least every second while rows are written); the file's final upload is the longest pause.
 */
export const EXPORT_HEARTBEAT_TIMEOUT_SECONDS = 60;

/**
 * Queues again each export whose build stopped beating (its instance was killed or lost its database): the export
 * goes back to QUEUED without a run token, so a run that was only slow is superseded at its next write and never
 * records its file, and a new build job is sent in the same transaction. Returns the ids queued again.
 */
export async function recoverStalledExports(app: FastifyInstance): Promise<string[]> {
  return app.db.transaction(async (tx) => {
    const stalled = await typedRows(
      tx,
      { id: exportJobs.id },
      sql`UPDATE export_jobs SET status = 'QUEUED', run_token = NULL, processed_rows = 0, total_rows = NULL
           WHERE status = 'RUNNING'
             AND coalesce(heartbeat_at, started_at) < now() - make_interval(secs => ${EXPORT_HEARTBEAT_TIMEOUT_SECONDS})
         RETURNING id`,
    );
    for (const { id } of stalled) await app.jobs.send(buildExportJob, { exportId: id }, { tx });
    return stalled.map((row) => row.id);
  });
}

/**
 * Every minute (pg-boss cron, one run per tick across instances): exports whose build stopped are built again, so an
 * instance killed mid-export leaves no export RUNNING until its job expires (30 minutes), nor its user unable to
 * export meanwhile (one unfinished export per user).
 */
export const recoverExportsJob = defineJob({
  name: 'reports.recover-exports',
  data: z.object({}),
  retryLimit: 1,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
  cron: '* * * * *',
  handle: async (_job, app) => {
    const recovered = await recoverStalledExports(app);
    if (recovered.length) app.log.warn({ exports: recovered }, 'exports whose build stopped were queued again');
  },
});
