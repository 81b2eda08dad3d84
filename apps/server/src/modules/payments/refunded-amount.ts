import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/payments-schema';

/**
 * A payment's refunded amount and refund status, written for the refunds module in its transaction
 * (refunds/create-refund.ts and sandbox-refund-processor.ts), after the payment row was locked and
 * before the refund's ledger posting.
 */

/** A refund taken from the payment: its refunded amount is now `refundedAmount` (REFUNDED once it is the amount). */
export async function setRefundedAmount(
  tx: DbOrTx,
  payment: { id: string; amount: number },
  refundedAmount: number,
): Promise<void> {
  await tx
    .update(payments)
    .set({
      refundedAmount,
      refundStatus: refundedAmount >= payment.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id));
}

/** A refund that failed gives `amount` back: off the refunded amount (never below 0), NONE when nothing is left. */
export async function returnRefundedAmount(tx: DbOrTx, paymentId: string, amount: number): Promise<void> {
  await tx
    .update(payments)
    .set({
      refundedAmount: sql`GREATEST(${payments.refundedAmount} - ${amount}, 0)`,
      // The refunded amount before this update (SET reads the row as it was).
      refundStatus: sql`CASE WHEN ${payments.refundedAmount} - ${amount} <= 0
                        THEN 'NONE' ELSE 'PARTIALLY_REFUNDED' END`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, paymentId));
}
