import { eq, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/payments-schema';
import type { JobQueue } from '../../jobs/job-queue';
import { newId } from '../../lib/ids';
import { emitDomainEvent } from '../domain-events';
import { postTransaction, capturePostings } from '../ledger';
import { joinBatch } from '../settlements';
import { appendTimeline } from '../timeline';
import type { FeePricing } from '../payin-services';
import { computeFee } from './fees';

export interface NewPayment {
  merchantId: string;
  merchantOrderNo?: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  payMethodType: string;
  payMethodName: string;
  country: string;
  customerEmail: string;
  customerName: string;
  cardBin?: string | null;
  cardLast4?: string | null;
  description?: string;
  failureReason?: string | null;
  paymentLinkId?: string | null;
  /** A subscription charge: its agreement, cycle and attempt (unique together: payments_agreement_charge_uq). */
  agreement?: { id: string; cycle: number; attempt: number };
  createdAt?: Date;
}

/**
 * The fee rule snapshot a payment keeps (migration 0013): the service and rule that priced it, or all
 * null. Written for a payment that was captured or is waiting for the processor (its rule is fixed
 * when the customer pays); a payment that failed or was cancelled was never priced.
 */
export function feeRuleSnapshot(pricing: FeePricing | null) {
  return {
    payinServiceId: pricing?.serviceId ?? null,
    feePercentBps: pricing?.rule.percentBps ?? null,
    feeFixedMinor: pricing?.rule.fixedMinor ?? null,
    feeMinimumMinor: pricing?.rule.minimumMinor ?? null,
  };
}

/** The pricing a payment's snapshot holds, or null when it has none. */
export function pricingOfSnapshot(row: {
  payinServiceId: string | null;
  feePercentBps: number | null;
  feeFixedMinor: number | null;
  feeMinimumMinor: number | null;
}): FeePricing | null {
  if (row.payinServiceId === null || row.feePercentBps === null || row.feeFixedMinor === null) return null;
  return {
    serviceId: row.payinServiceId,
    rule: {
      percentBps: row.feePercentBps,
      fixedMinor: row.feeFixedMinor,
      ...(row.feeMinimumMinor === null ? {} : { minimumMinor: row.feeMinimumMinor }),
    },
  };
}

/**
 * Records a payment with its first timeline event, and when it succeeded its capture in the ledger
 * (gross to pending, fee to the fee account) and in its clearing batch (batch-membership.ts), all in
 * the caller's transaction. The fee is priced by
 * the pay-in service's rule (fees.ts `computeFee`, never above the amount), which the payment keeps
 * as a snapshot when it succeeded or is pending. With `jobs` (the product's paths; not the demo
 * data), a payment that succeeded or failed emits payment.succeeded or payment.failed in the same
 * transaction (domain-events/emit-domain-event.ts).
 */
export async function recordPayment(
  tx: DbOrTx,
  input: NewPayment,
  pricing: FeePricing,
  jobs?: JobQueue,
): Promise<{ id: string; fee: number }> {
  const createdAt = input.createdAt ?? new Date();
  const id = newId('PAY', createdAt.getTime());
  const fee =
    input.status === 'SUCCESS' ? computeFee({ amount: input.amount, currency: input.currency, rule: pricing.rule }) : 0;
  const batchId =
    input.status === 'SUCCESS'
      ? await joinBatch(tx, {
          merchantId: input.merchantId,
          currency: input.currency,
          payinServiceId: pricing.serviceId,
          capturedAt: createdAt,
          gross: input.amount,
          fee,
        })
      : null;
  await tx.insert(payments).values(paymentValues(id, input, fee, pricing, batchId, createdAt));
  await appendTimeline(tx, {
    merchantId: input.merchantId,
    entityType: 'PAYMENT',
    entityId: id,
    type: 'CREATED',
    status: 'PENDING',
    createdAt,
  });
  if (input.status !== 'PENDING')
    await finishPaymentEvents(tx, input.merchantId, id, input.status, input.failureReason ?? null, createdAt);
  if (input.status === 'SUCCESS') {
    await postTransaction(tx, {
      merchantId: input.merchantId,
      currency: input.currency,
      kind: 'CAPTURE',
      referenceType: 'PAYMENT',
      referenceId: id,
      postings: capturePostings(input.merchantId, input.amount, fee),
    });
  }
  await emitPaymentOutcome(tx, jobs, input.merchantId, id, input.status);
  return { id, fee };
}

/**
 * payment.succeeded or payment.failed for a payment that took that final status (none for PENDING or CANCELLED: no such
 * event).
 */
async function emitPaymentOutcome(
  tx: DbOrTx,
  jobs: JobQueue | undefined,
  merchantId: string,
  id: string,
  status: PaymentStatus,
): Promise<void> {
  if (status === 'SUCCESS') await emitDomainEvent(tx, jobs, 'payment.succeeded', merchantId, id);
  else if (status === 'FAILED') await emitDomainEvent(tx, jobs, 'payment.failed', merchantId, id);
}

/** A payments row as recordPayment writes it (shared with the subscription charges written many at once). */
export function paymentValues(
  id: string,
  input: NewPayment,
  fee: number,
  pricing: FeePricing,
  batchId: string | null,
  createdAt: Date,
): typeof payments.$inferInsert {
  const priced = input.status === 'SUCCESS' || input.status === 'PENDING';
  return {
    id,
    merchantId: input.merchantId,
    merchantOrderNo: input.merchantOrderNo ?? newId('ORD', createdAt.getTime()),
    amount: input.amount,
    currency: input.currency,
    fee,
    status: input.status,
    payMethodType: input.payMethodType,
    payMethodName: input.payMethodName,
    country: input.country,
    customerEmail: input.customerEmail,
    customerName: input.customerName,
    cardBin: input.cardBin ?? null,
    cardLast4: input.cardLast4 ?? null,
    description: input.description ?? '',
    failureReason: input.failureReason ?? null,
    paymentLinkId: input.paymentLinkId ?? null,
    agreementId: input.agreement?.id ?? null,
    agreementCycle: input.agreement?.cycle ?? null,
    agreementAttempt: input.agreement?.attempt ?? null,
    ...feeRuleSnapshot(priced ? pricing : null),
    batchId,
    createdAt,
    paidAt: input.status === 'SUCCESS' ? createdAt : null,
    updatedAt: createdAt,
  };
}

/**
 * Captured payments written together in one statement (a chunk's paid subscription renewals:
 * subscriptions/charge-agreements.ts), each row as recordPayment writes it, in the clearing batch the
 * caller joined for all of them. The caller joins the batch, posts the captures and appends the timeline.
 */
export async function recordCapturedPayments(
  tx: DbOrTx,
  charges: readonly { id: string; input: NewPayment; fee: number; pricing: FeePricing }[],
  batchId: string,
  createdAt: Date,
): Promise<void> {
  await tx
    .insert(payments)
    .values(charges.map((c) => paymentValues(c.id, c.input, c.fee, c.pricing, batchId, createdAt)));
}

async function finishPaymentEvents(
  tx: DbOrTx,
  merchantId: string,
  id: string,
  status: PaymentStatus,
  reason: string | null,
  at: Date,
) {
  await appendTimeline(tx, {
    merchantId,
    entityType: 'PAYMENT',
    entityId: id,
    type: status === 'SUCCESS' ? 'CAPTURED' : status,
    status,
    note: reason,
    createdAt: at,
  });
}

/**
 * Moves a PENDING payment to its final status (the sandbox processor). A success is priced by
 * `pricing` (the payment's own snapshot, see completeLinkPayment), keeps it as its snapshot and is
 * captured in the ledger; a failure or cancellation was never priced and keeps none. With `jobs`,
 * a success or failure emits its event in the same transaction.
 */
export async function completePendingPayment(
  tx: DbOrTx,
  payment: { id: string; amount: number; currency: string },
  status: 'SUCCESS' | 'FAILED' | 'CANCELLED',
  pricing: FeePricing | null,
  reason: string | null = null,
  jobs?: JobQueue,
): Promise<boolean> {
  if (status === 'SUCCESS' && !pricing) throw new Error(`Payment ${payment.id}: a capture needs its fee rule`);
  const fee =
    status === 'SUCCESS' ? computeFee({ amount: payment.amount, currency: payment.currency, rule: pricing!.rule }) : 0;
  const updated = await tx
    .update(payments)
    .set({
      status,
      fee,
      failureReason: reason,
      paidAt: status === 'SUCCESS' ? sql`now()` : null,
      updatedAt: sql`now()`,
      ...feeRuleSnapshot(status === 'SUCCESS' ? pricing : null),
    })
    .where(sql`${payments.id} = ${payment.id} AND ${payments.status} = 'PENDING'`)
    .returning();
  const row = updated[0];
  if (!row) return false;
  await finishPaymentEvents(tx, row.merchantId, row.id, status, reason, new Date());
  if (status === 'SUCCESS') {
    const batchId = await joinBatch(tx, {
      merchantId: row.merchantId,
      currency: row.currency,
      payinServiceId: pricing!.serviceId,
      capturedAt: row.paidAt ?? new Date(),
      gross: row.amount,
      fee,
    });
    await tx.update(payments).set({ batchId }).where(eq(payments.id, row.id));
    await postTransaction(tx, {
      merchantId: row.merchantId,
      currency: row.currency,
      kind: 'CAPTURE',
      referenceType: 'PAYMENT',
      referenceId: row.id,
      postings: capturePostings(row.merchantId, row.amount, fee),
    });
  }
  await emitPaymentOutcome(tx, jobs, row.merchantId, row.id, status);
  return true;
}

export async function findPayment(tx: DbOrTx, merchantId: string, paymentId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row && row.merchantId === merchantId ? row : undefined;
}
