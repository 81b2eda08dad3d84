import { recordText } from '@mbo/contracts/record-texts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { refunds } from '../../db/payments-schema';
import { typedRows, type RowOf } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import { emitDomainEvent } from '../domain-events';
import { postTransaction, batchRefundReversalPostings, refundReversalPostings } from '../ledger';
import { returnRefundedAmount } from '../payments';
import { restoreRefundToBatch } from '../settlements';
import { appendTimeline } from '../timeline';

/**
 * The sandbox processor's refund leg (PRODUCT.md "The sandbox processor"): a PROCESSING refund
 * becomes SUCCESS or FAILED once it is SANDBOX_REFUND_DELAY_MS old (config.sandboxRefundDelayMs, default 3000).
 *
 * Test rule: a refund whose note contains "sandbox:fail" FAILS ("Declined by the sandbox"); every
 * other refund SUCCEEDS. A failed refund gives the money back to the merchant's available balance
 * (refundReversalPostings; to its batch and pending when it was deducted from a batch that has not
 * settled, batch-membership.ts), takes its amount off the payment's refunded amount, and frees the
 * payment's one-refund slot.
 *
 * Each refund's job (sandbox-refund-job.ts, sent when the refund is created) finishes it after the
 * delay; rows are locked FOR UPDATE, so two runs never finish one refund twice. With the app's queue
 * (`jobs`), each finish emits refund.succeeded or refund.failed in its transaction.
 */
export const SANDBOX_FAIL_MARKER = 'sandbox:fail';
const BATCH = 50;

const DUE_REFUND = {
  id: refunds.id,
  merchant_id: refunds.merchantId,
  payment_id: refunds.paymentId,
  amount: refunds.amount,
  currency: refunds.currency,
  note: refunds.note,
  batch_id: refunds.batchId,
};
type DueRefund = RowOf<typeof DUE_REFUND>;

/**
 * Finishes up to `limit` refunds PROCESSING for at least delayMs; returns how many it finished. Each
 * refund is its own transaction (payment, then balance: the lock order of a new refund), so a tick
 * never holds one merchant's balance while waiting for a payment row.
 */
export async function processDueRefunds(db: Db, delayMs: number, limit = BATCH, jobs?: JobQueue): Promise<number> {
  let done = 0;
  while (done < limit) {
    const finished = await db.transaction(async (tx) => {
      const [refund] = await typedRows(
        tx,
        DUE_REFUND,
        sql`
          SELECT id, merchant_id, payment_id, amount, currency, note, batch_id FROM refunds
           WHERE status = 'PROCESSING' AND created_at <= now() - make_interval(secs => ${delayMs / 1000})
           ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (refund) await finishRefund(tx, refund, jobs);
      return refund !== undefined;
    });
    if (!finished) break;
    done += 1;
  }
  return done;
}

/**
 * Finishes one refund if it is still PROCESSING (the sandbox refund job's work), in one transaction
 * that locks it first: a second run of the job, or processDueRefunds, finds it finished and does nothing.
 */
export async function finishRefundById(db: Db, refundId: string, jobs?: JobQueue): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [refund] = await typedRows(
      tx,
      DUE_REFUND,
      sql`SELECT id, merchant_id, payment_id, amount, currency, note, batch_id FROM refunds WHERE id = ${refundId} AND status = 'PROCESSING' FOR UPDATE`,
    );
    if (refund) await finishRefund(tx, refund, jobs);
    return refund !== undefined;
  });
}

async function finishRefund(tx: DbOrTx, refund: DueRefund, jobs: JobQueue | undefined): Promise<void> {
  const fail = (refund.note ?? '').includes(SANDBOX_FAIL_MARKER);
  const amount = Number(refund.amount);
  if (!fail) {
    await tx.execute(sql`UPDATE refunds SET status = 'SUCCESS', finished_at = now() WHERE id = ${refund.id}`);
    await appendTimeline(tx, [
      {
        merchantId: refund.merchant_id,
        entityType: 'REFUND',
        entityId: refund.id,
        type: 'SUCCEEDED',
        status: 'SUCCESS',
        note: null,
      },
      {
        merchantId: refund.merchant_id,
        entityType: 'PAYMENT',
        entityId: refund.payment_id,
        type: 'REFUNDED',
        status: 'SUCCESS',
        note: recordText('refundRef', { id: refund.id }),
      },
    ]);
    await emitDomainEvent(tx, jobs, 'refund.succeeded', refund.merchant_id, refund.id);
    return;
  }
  const reason = recordText('refundDeclinedSandbox');
  // Payment row first (the same lock order as a new refund: payment, then balance).
  await returnRefundedAmount(tx, refund.payment_id, amount);
  // Deducted from a batch that has not settled yet: back to the batch and to pending, and the refund
  // leaves the batch. Otherwise (from available, or its batch settled since): back to available.
  const backToBatch = refund.batch_id !== null && (await restoreRefundToBatch(tx, refund.batch_id, amount));
  await tx.execute(sql`
    UPDATE refunds SET status = 'FAILED', failure_reason = ${reason}, finished_at = now(), batch_id = ${backToBatch ? null : refund.batch_id}
     WHERE id = ${refund.id}`);
  await postTransaction(tx, {
    merchantId: refund.merchant_id,
    currency: refund.currency,
    kind: 'REFUND_REVERSAL',
    referenceType: 'REFUND',
    referenceId: refund.id,
    postings: backToBatch
      ? batchRefundReversalPostings(refund.merchant_id, amount)
      : refundReversalPostings(refund.merchant_id, amount),
  });
  await appendTimeline(tx, [
    {
      merchantId: refund.merchant_id,
      entityType: 'REFUND',
      entityId: refund.id,
      type: 'FAILED',
      status: 'FAILED',
      note: reason,
    },
    {
      merchantId: refund.merchant_id,
      entityType: 'PAYMENT',
      entityId: refund.payment_id,
      type: 'REFUND_FAILED',
      status: 'FAILED',
      note: recordText('refundRefBecause', { id: refund.id, reason }),
    },
  ]);
  await emitDomainEvent(tx, jobs, 'refund.failed', refund.merchant_id, refund.id);
}
