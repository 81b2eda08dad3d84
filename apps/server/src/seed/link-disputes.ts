import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/client';

/**
 * Gives each of a merchant's disputes without a payment a real payment of that merchant: a
 * successful, unrefunded, undisputed one in the dispute's currency, made before the dispute. The
 * dispute takes the payment's amount and the payment shows the dispute's status.
 */
export async function linkDisputes(tx: DbOrTx, merchantId: string): Promise<number> {
  const open = rowsOf<{ id: string; currency: string; status: string; created_at: string | Date }>(
    await tx.execute(sql`SELECT id, currency, status, created_at FROM disputes WHERE merchant_id = ${merchantId} AND payment_id IS NULL ORDER BY id`),
  );
  let linked = 0;
  for (const d of open) {
    const before = new Date(new Date(d.created_at).getTime() - 3 * 24 * 3600_000);
    const [payment] = rowsOf<{ id: string; amount: string | number }>(
      await tx.execute(sql`
        SELECT id, amount FROM payments
         WHERE merchant_id = ${merchantId} AND currency = ${d.currency} AND status = 'SUCCESS'
           AND refund_status = 'NONE' AND dispute_status IS NULL AND created_at < ${before.toISOString()}
         ORDER BY created_at DESC LIMIT 1 OFFSET ${linked % 7}`),
    );
    if (!payment) continue;
    await tx.execute(sql`UPDATE disputes SET payment_id = ${payment.id}, amount = ${Number(payment.amount)} WHERE id = ${d.id}`);
    await tx.execute(sql`UPDATE payments SET dispute_status = ${d.status} WHERE id = ${payment.id}`);
    linked++;
  }
  return linked;
}
