import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { paymentLinks, payments } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import { priceCapture } from '../payin-services';
import { completePendingPayment, pricingOfSnapshot } from '../payments';

/** @reads payments (tables other modules own: db/table-owners.ts) */

export type LinkPaymentOutcome = 'SUCCESS' | 'FAILED' | 'CANCELLED';

/**
 * The processor's later answer for a PENDING payment made through a link: the payment takes its
 * final status (captured in the ledger on success, priced by the fee rule the payment kept when the
 * customer paid) and the link follows. A success counts on the
 * link and makes a single-use link PAID, also when it expired while the payment was pending (the
 * customer started paying in time; a deactivated link stays DEACTIVATED). A failure or a
 * cancellation releases the hold: the link takes payments again while it is active.
 *
 * Locks in the order payPaymentLink uses: the link row, then the payment row, then the ledger
 * accounts. Returns false when the payment was no longer PENDING (an answer that came twice). With
 * the app's queue, a success or failure emits its webhook event in the same transaction.
 */
export async function completeLinkPayment(
  db: Db,
  paymentId: string,
  outcome: LinkPaymentOutcome,
  reason: string | null = null,
  jobs?: JobQueue,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment?.paymentLinkId) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
    const [link] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, payment.paymentLinkId)).for('update');
    if (!link) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
    if (payment.status !== 'PENDING') return false;
    // Priced by the rule fixed when the customer paid (the payment's snapshot); a payment left pending
    // from before pay-in services has none and takes the merchant's service now.
    const pricing =
      outcome !== 'SUCCESS'
        ? null
        : (pricingOfSnapshot(payment) ??
          (await priceCapture(tx, payment.merchantId, {
            payMethodName: payment.payMethodName,
            currency: payment.currency,
            amount: payment.amount,
          })));
    const done = await completePendingPayment(tx, payment, outcome, pricing, reason, jobs);
    if (!done || outcome !== 'SUCCESS') return done;
    await tx
      .update(paymentLinks)
      .set({
        paidCount: sql`${paymentLinks.paidCount} + 1`,
        status: !link.reusable && link.status === 'ACTIVE' ? 'PAID' : link.status,
      })
      .where(eq(paymentLinks.id, link.id));
    return true;
  });
}
