import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { merchants } from '../../db/schema';

/**
 * The merchant's time zone (merchants.time_zone): the zone of its "today" and of its days; UTC for an unknown merchant.
 */
export async function merchantTimeZone(db: DbOrTx, merchantId: string): Promise<string> {
  const [row] = await db.select({ timeZone: merchants.timeZone }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.timeZone || 'UTC';
}
