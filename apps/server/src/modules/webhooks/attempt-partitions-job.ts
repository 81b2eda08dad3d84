import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { computed, typedRows } from '../../db/typed-rows';
import { defineJob } from '../../jobs/job-definition';

/** Months of webhook_attempts partitions made ahead of the current one. */
export const ATTEMPT_MONTHS_AHEAD = 3;

/**
 * Makes the coming months' partitions of webhook_attempts and drops each month whose every attempt is older than
 * `retentionDays` (migration 0028's webhook_attempts_partitions, run as the table's owner). Says what it did.
 */
export async function maintainAttemptPartitions(
  db: DbOrTx,
  retentionDays: number,
): Promise<{ action: string; partition_name: string }[]> {
  return typedRows(
    db,
    { action: computed(String), partition_name: computed(String) },
    sql`SELECT action, partition_name FROM webhook_attempts_partitions(${ATTEMPT_MONTHS_AHEAD}::int, ${retentionDays}::int)`,
  );
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
