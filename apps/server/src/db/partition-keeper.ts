import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { computed, typedRows } from './typed-rows';

/** Months of partitions made ahead of the current one, for every monthly partitioned table (migration 0028). */
export const MONTHS_AHEAD = 3;

/** What a partition run did: each partition made or dropped (or a month left in the default partition). */
export interface PartitionChange {
  action: string;
  partition_name: string;
}

/** The partition keepers of migration 0028 (each runs as its table's owner, which the server's role is not). */
const KEEPERS = {
  audit_log: (keep: number) => sql`audit_log_partitions(${MONTHS_AHEAD}::int, ${keep}::int)`,
  webhook_attempts: (keep: number) => sql`webhook_attempts_partitions(${MONTHS_AHEAD}::int, ${keep}::int)`,
} as const;

/**
 * Makes the coming months' partitions of a monthly partitioned table and drops the months past its retention (`keep`:
 * months for audit_log, days for webhook_attempts, as its keeper counts them). Says what it did.
 */
export async function keepPartitions(
  db: DbOrTx,
  table: keyof typeof KEEPERS,
  keep: number,
): Promise<PartitionChange[]> {
  return typedRows(
    db,
    { action: computed(String), partition_name: computed(String) },
    sql`SELECT action, partition_name FROM ${KEEPERS[table](keep)}`,
  );
}
