import { recordText } from '@mbo/contracts/record-texts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RefundReason } from '@mbo/contracts/refunds';
import type { Db } from '../db/client';
import { payments } from '../db/payments-schema';
import { settlementBatches } from '../db/settlements-schema';
import { newId } from '../lib/ids';
import { refundPostings } from '../modules/ledger';
import { pick, weighted, type Random } from './payment-profiles';
import {
  bulkInsert,
  emptyChunk,
  EVENT_COLUMNS,
  eventValues,
  lockChunkAccounts,
  writeLedger,
  writeRefunds,
  type Chunk,
  type PaymentRow,
  type RefundRow,
} from './write-generated-rows';

/*
 * The refunds of generated history (generate-payments.ts): each with the timeline of a refund made in the app, made
 * before its payment's batch settled or, after the settlement replay, from the available balance.
 */

const REASON_WEIGHTS: Record<RefundReason, number> = {
  REQUESTED_BY_CUSTOMER: 50,
  PRODUCT_NOT_RECEIVED: 14,
  PRODUCT_UNSATISFACTORY: 18,
  DUPLICATE: 8,
  FRAUDULENT: 4,
  OTHER: 6,
};
const OTHER_NOTES = [
  'Goodwill gesture after a late delivery',
  'Price adjustment agreed with the customer',
  'Order cancelled by the shop',
];

/** A refund's amount: the whole payment, or (35 %) a part of it. */
export function refundAmount(random: Random, paymentAmount: number): number {
  if (random() >= 0.35) return paymentAmount;
  const part = Math.round((paymentAmount * (0.2 + random() * 0.6)) / 100) * 100;
  return Math.min(paymentAmount, Math.max(1, part || Math.floor(paymentAmount / 2)));
}

/** A successful refund of `payment` at `at`, with the same timeline as one made in the app; updates the payment. */
export function buildRefund(
  random: Random,
  chunk: Pick<Chunk, 'refunds' | 'events'>,
  payment: PaymentRow,
  amount: number,
  at: Date,
  doneBy: number,
): RefundRow & { batchKey?: string } {
  const { merchantId } = payment;
  const done = new Date(
    Math.max(at.getTime() + 1_000, Math.min(doneBy, at.getTime() + 30_000 + Math.floor(random() * 600_000))),
  );
  const reason = weighted(random, REASON_WEIGHTS);
  const id = newId('REF', at.getTime());
  const refund: RefundRow & { batchKey?: string } = {
    id,
    merchantId,
    paymentId: payment.id!,
    amount,
    currency: payment.currency,
    reason,
    note: reason === 'OTHER' ? pick(random, OTHER_NOTES) : null,
    status: 'SUCCESS',
    createdAt: at,
    finishedAt: done,
  };
  chunk.refunds.push(refund);
  Object.assign(payment, {
    refundedAmount: amount,
    refundStatus: amount === payment.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    updatedAt: done,
  });
  chunk.events.push(
    // The same timeline as a refund made in the app (create-refund.ts, sandbox-refund-processor.ts).
    {
      merchantId,
      entityType: 'REFUND',
      entityId: id,
      type: 'CREATED',
      status: 'PROCESSING',
      note: recordText('refundOfPayment', { paymentId: payment.id }),
      createdAt: at,
    },
    {
      merchantId,
      entityType: 'PAYMENT',
      entityId: payment.id!,
      type: 'REFUND_REQUESTED',
      status: 'PROCESSING',
      note: recordText('refundRef', { id }),
      createdAt: at,
    },
    {
      merchantId,
      entityType: 'REFUND',
      entityId: id,
      type: 'SUCCEEDED',
      status: 'SUCCESS',
      note: null,
      createdAt: done,
    },
    {
      merchantId,
      entityType: 'PAYMENT',
      entityId: payment.id!,
      type: 'REFUNDED',
      status: 'SUCCESS',
      note: recordText('refundRef', { id }),
      createdAt: done,
    },
  );
  return refund;
}

/**
 * Refunds some settled payments after their settlement, from the available balance (never more than
 * it holds at that point), a few settled batches at a time.
 */
export async function refundSettledPayments(
  db: Db,
  random: Random,
  merchantId: string,
  now: number,
  rate: number,
  succeeded: number,
  chunkSize: number,
): Promise<number> {
  if (rate <= 0 || succeeded === 0) return 0;
  let made = 0;
  // Batch by batch (payments_batch_idx), a few batches at a time: the settled payments of the merchant without a
  // refund.
  const batchIds = (
    await db
      .select({ id: settlementBatches.id })
      .from(settlementBatches)
      .where(and(eq(settlementBatches.merchantId, merchantId), eq(settlementBatches.status, 'SETTLED')))
      .orderBy(settlementBatches.id)
  ).map((r) => r.id);
  const BATCHES_PER_READ = 20;
  const candidatesOf = (ids: string[]) =>
    db
      .select({
        id: payments.id,
        amount: payments.amount,
        currency: payments.currency,
        settledAt: settlementBatches.settledAt,
      })
      .from(payments)
      .innerJoin(settlementBatches, eq(settlementBatches.id, payments.batchId))
      .where(
        and(
          inArray(payments.batchId, ids),
          eq(payments.merchantId, merchantId),
          eq(payments.status, 'SUCCESS'),
          eq(payments.refundStatus, 'NONE'),
        ),
      )
      .orderBy(payments.id);
  const picks: Awaited<ReturnType<typeof candidatesOf>> = [];
  for (let i = 0; i < batchIds.length; i += BATCHES_PER_READ) {
    picks.push(...(await candidatesOf(batchIds.slice(i, i + BATCHES_PER_READ))).filter(() => random() < rate));
    if (picks.length < chunkSize && i + BATCHES_PER_READ < batchIds.length) continue;
    const picked = picks.splice(0, picks.length);
    if (!picked.length) continue;
    made += await db.transaction(async (tx) => {
      const accounts = await lockChunkAccounts(tx, merchantId, [...new Set(picked.map((p) => p.currency))]);
      const chunk = emptyChunk();
      const available = new Map(
        [...accounts].filter(([k]) => k.endsWith('|AVAILABLE')).map(([k, v]) => [k.split('|')[1], v.balance]),
      );
      for (const c of picked) {
        const payment: PaymentRow = {
          id: c.id,
          merchantId,
          amount: Number(c.amount),
          currency: c.currency,
        } as PaymentRow;
        const amount = refundAmount(random, payment.amount);
        const left = available.get(c.currency) ?? 0;
        if (amount > left) continue;
        available.set(c.currency, left - amount);
        // (A settled batch has its settled_at; a missing one reads as the epoch, as new Date(null) did.)
        const settledAt = c.settledAt?.getTime() ?? 0;
        const at = new Date(settledAt + Math.floor(random() * Math.max(1, now - 120_000 - settledAt)));
        const refund = buildRefund(random, chunk, payment, amount, at, now - 1_000);
        chunk.payments.push(payment);
        chunk.ledger.push({
          kind: 'REFUND',
          referenceType: 'REFUND',
          referenceId: refund.id,
          currency: c.currency,
          at,
          postings: refundPostings(merchantId, amount),
        });
      }
      await writeRefunds(tx, chunk.refunds, new Map());
      await bulkInsert(tx, 'events', EVENT_COLUMNS, chunk.events.map(eventValues));
      if (chunk.payments.length) {
        const values = chunk.payments.map(
          (p) =>
            sql`(${p.id}, ${p.refundedAmount}::bigint, ${p.refundStatus}, ${(p.updatedAt as Date).toISOString()}::timestamptz)`,
        );
        await tx.execute(sql`
          UPDATE payments p SET refunded_amount = v.refunded, refund_status = v.status, updated_at = v.at
            FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, refunded, status, at) WHERE p.id = v.id`);
      }
      await writeLedger(tx, merchantId, chunk.ledger, accounts);
      return chunk.refunds.length;
    });
  }
  return made;
}
