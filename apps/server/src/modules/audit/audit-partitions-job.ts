import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { computed, typedRows } from '../../db/typed-rows';
import { sql } from 'drizzle-orm';
import { defineJob } from '../../jobs/job-definition';

/** Months of audit_log partitions made ahead of the current one. */
export const AUDIT_MONTHS_AHEAD = 3;

/** What a partition run did: each partition made or dropped (or a month left in the default partition). */
export interface PartitionChange {
  action: string;
  partition_name: string;
}

/**
 * Makes the coming months' partitions of audit_log and drops the whole months older than `retentionMonths` before
 * the current one (migration 0028's audit_log_partitions, which runs as the table's owner and never drops a month of
 * the last twelve).
 */
export async function maintainAuditPartitions(db: DbOrTx, retentionMonths: number): Promise<PartitionChange[]> {
  return typedRows(
    db,
    { action: computed(String), partition_name: computed(String) },
    sql`SELECT action, partition_name FROM audit_log_partitions(${AUDIT_MONTHS_AHEAD}::int, ${retentionMonths}::int)`,
  );
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
