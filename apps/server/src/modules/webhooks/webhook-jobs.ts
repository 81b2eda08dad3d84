import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { drainEndpoint, sweepOverdueDeliveries, type SendDrainJob } from './drain-endpoint';

/**
 * Sends the due deliveries of one endpoint, in order (drain-endpoint.ts). Sent by every event, retry,
 * test and replay; a run that finds another run holding the endpoint's lease ends at once, since
 * that run looks again after releasing. A failed attempt is the delivery's own retry (the backoff of
 * config.webhookRetryDelaysSeconds), not the job's: the job retries only after a database error.
 */
export const webhookDrainJob = defineJob({
  name: 'webhooks.drain',
  data: z.object({ endpointId: z.string().min(1).max(40) }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  concurrency: 4,
  handle: async (job, app) => {
    await drainEndpoint(app, job.data.endpointId, job.signal, drainJobSender(app));
  },
});

/**
 * Every minute: a drain job for each enabled endpoint with deliveries overdue and no live lease, so
 * a delivery whose job was lost (a crash between attempts) still goes out.
 */
export const webhookSweepJob = defineJob({
  name: 'webhooks.sweep',
  data: z.object({}),
  retryLimit: 1,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
  cron: '* * * * *',
  handle: async (_job, app) => {
    const sent = await sweepOverdueDeliveries(app, drainJobSender(app));
    if (sent) app.log.info({ endpoints: sent }, 'webhook sweep: drain jobs sent for overdue deliveries');
  },
});

/** Sends a drain job outside any transaction and wakes the workers when it is due now. */
export function drainJobSender(app: FastifyInstance): SendDrainJob {
  return async (endpointId, startAfterSeconds) => {
    await app.jobs.send(webhookDrainJob, { endpointId }, { startAfterSeconds });
    if (!startAfterSeconds) app.jobs.wake(webhookDrainJob.name);
  };
}
