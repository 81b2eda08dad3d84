import { sql } from 'drizzle-orm';
import type { DisputeStatus, DisputeStatusCountResponse } from '@mbo/contracts/acquiring';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';

/** Disputes of the active merchant in one status, split into customer disputes and chargebacks. */
export async function disputeStatusCount(
  db: Db,
  merchantId: string,
  status: DisputeStatus,
): Promise<DisputeStatusCountResponse> {
  const rows = rowsOf<{ customer: number | string; chargeback: number | string }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE type = 'CUSTOMER_DISPUTE') AS customer,
             count(*) FILTER (WHERE type = 'CHARGEBACK') AS chargeback
        FROM disputes WHERE merchant_id = ${merchantId} AND status = ${status}`),
  );
  return { customerDisputeCount: Number(rows[0]?.customer ?? 0), chargebackCount: Number(rows[0]?.chargeback ?? 0) };
}
