import { and, eq, sql } from 'drizzle-orm';
import type { DisputeStatus, DisputeStatusCountResponse } from '@mbo/contracts/acquiring';
import type { Db } from '../../db/client';
import { disputes } from '../../db/schema';

/** Disputes of the active merchant in one status, split into customer disputes and chargebacks. */
export async function disputeStatusCount(
  db: Db,
  merchantId: string,
  status: DisputeStatus,
): Promise<DisputeStatusCountResponse> {
  const rows = await db
    .select({
      customer: sql`count(*) FILTER (WHERE ${disputes.type} = 'CUSTOMER_DISPUTE')`.mapWith(Number),
      chargeback: sql`count(*) FILTER (WHERE ${disputes.type} = 'CHARGEBACK')`.mapWith(Number),
    })
    .from(disputes)
    .where(and(eq(disputes.merchantId, merchantId), eq(disputes.status, status)));
  return { customerDisputeCount: rows[0]?.customer ?? 0, chargebackCount: rows[0]?.chargeback ?? 0 };
}
