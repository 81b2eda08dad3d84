import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/payments-schema';

/** Marks a payment with its dispute's status (the payments list's dispute column and filter), in the caller's tx. */
export async function setPaymentDisputeStatus(tx: DbOrTx, paymentId: string, status: string): Promise<void> {
  await tx
    .update(payments)
    .set({ disputeStatus: status, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}
