import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/client';

/**
 * The merchant's time zone (merchants.time_zone): the zone of its "today" and of its days; UTC for an unknown merchant.
 */
export async function merchantTimeZone(db: DbOrTx, merchantId: string): Promise<string> {
  const [row] = rowsOf<{ time_zone: string }>(
    await db.execute(sql`SELECT time_zone FROM merchants WHERE id = ${merchantId}`),
  );
  return row?.time_zone || 'UTC';
}
