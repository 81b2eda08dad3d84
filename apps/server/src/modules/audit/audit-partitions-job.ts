import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { keepPartitions, type PartitionChange } from '../../db/partition-keeper';
import { defineJob } from '../../jobs/job-definition';

/**
 * Makes the coming months' partitions of audit_log and drops the whole months older than `retentionMonths` before
 * the current one (migration 0028's audit_log_partitions never drops a month of the last twelve).
 */
export function maintainAuditPartitions(db: DbOrTx, retentionMonths: number): Promise<PartitionChange[]> {
  return keepPartitions(db, 'audit_log', retentionMonths);
}

/**
 * Daily (pg-boss cron, one run per tick across instances): audit_log's partitions for the coming months, and the
 * months past AUDIT_LOG_RETENTION_MONTHS dropped whole (PCI DSS 10.5.1: a year kept, three months at hand).
 */
export const auditPartitionsJob = defineJob({
  name: 'audit.partitions',
  data: z.object({}),
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  cron: '11 2 * * *',
  handle: async (_job, app) => {
    const changes = await maintainAuditPartitions(app.db, app.config.auditLogRetentionMonths);
    if (changes.length) app.log.info({ changes }, 'audit_log partitions made and dropped');
  },
});
