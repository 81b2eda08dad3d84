import { recordText } from '@mbo/contracts/record-texts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/payments-schema';
import { defineJob } from '../../jobs/job-definition';
import type { JobQueue } from '../../jobs/job-queue';
import type { DisputeNotifier } from './dispute-mail';
import { DisputeNotPossible, openDispute } from './open-dispute';

/** @reads payments (tables other modules own: db/table-owners.ts) */

export const SANDBOX_NETWORK = recordText('actorSandboxNetwork');

/**
 * The sandbox's customer who disputes a payment made with the dispute test card: a chargeback for
 * the whole amount, reason PRODUCT_NOT_RECEIVED. Nothing when the payment is disputed already (a
 * retry, a second runner) or can no longer be (refunded in full meanwhile).
 */
export async function openSandboxDispute(
  db: DbOrTx,
  merchantId: string,
  paymentId: string,
  notify?: DisputeNotifier,
  jobs?: JobQueue,
): Promise<string | null> {
  const [payment] = await db
    .select({
      disputeStatus: payments.disputeStatus,
      status: payments.status,
      left: sql`${payments.amount} - ${payments.refundedAmount}`.mapWith(Number),
    })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchantId)));
  if (!payment || payment.disputeStatus !== null || payment.status !== 'SUCCESS' || payment.left <= 0) return null;
  try {
    return await openDispute(db, {
      merchantId,
      paymentId,
      type: 'CHARGEBACK',
      reason: 'PRODUCT_NOT_RECEIVED',
      actor: SANDBOX_NETWORK,
      notify,
      jobs,
    });
  } catch (err) {
    // A parallel run opened it between the check and the payment's lock.
    if (err instanceof DisputeNotPossible) return null;
    throw err;
  }
}

/**
 * Sent in the payment's transaction by the hosted checkout when the dispute test card pays, to start after
 * SANDBOX_DISPUTE_OPEN_DELAY_MS.
 */
export const sandboxOpenDisputeJob = defineJob({
  name: 'disputes.sandbox-open',
  data: z.object({ merchantId: z.string().min(1).max(64), paymentId: z.string().min(1).max(64) }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  expireInSeconds: 60,
  handle: async (job, app) => {
    const opened = await openSandboxDispute(
      app.db,
      job.data.merchantId,
      job.data.paymentId,
      { mailer: app.mailer, publicUrl: app.config.publicUrl },
      app.jobs,
    );
    if (opened) app.mailer.kick();
  },
});
