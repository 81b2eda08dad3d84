import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { keepPartitions, type PartitionChange } from '../../db/partition-keeper';
import { defineJob } from '../../jobs/job-definition';

/**
 * Makes the coming months' partitions of webhook_attempts and drops each month whose every attempt is older than
 * `retentionDays` (migration 0028's webhook_attempts_partitions). Says what it did.
 */
export function maintainAttemptPartitions(db: DbOrTx, retentionDays: number): Promise<PartitionChange[]> {
  return keepPartitions(db, 'webhook_attempts', retentionDays);
}

/**
 * Daily (pg-boss cron, one run per tick across instances): webhook_attempts' partitions for the coming months, and
 * the months past WEBHOOK_ATTEMPTS_RETENTION_DAYS dropped whole (a delivery then lists fewer attempts, or none).
 */
export const attemptPartitionsJob = defineJob({
  name: 'webhooks.attempt-partitions',
  data: z.object({}),
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  cron: '13 2 * * *',
  handle: async (_job, app) => {
    const changes = await maintainAttemptPartitions(app.db, app.config.webhookAttemptsRetentionDays);
    if (changes.length) app.log.info({ changes }, 'webhook_attempts partitions made and dropped');
  },
});
