import { recordText } from '@mbo/contracts/record-texts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { parseAmount } from '@mbo/contracts/money';
import { REFUND_PERIOD_DAYS, type CreateRefundRequest, type RefundRecord } from '@mbo/contracts/refunds';
import type { Db, DbOrTx } from '../../db/client';
import { payments, refunds } from '../../db/payments-schema';
import { typedRows } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { claimIdempotencyKey, storeIdempotentResponse } from '../idempotency';
import { newId } from '../../lib/ids';
import { lockAccounts, postTransaction, batchRefundPostings, refundPostings } from '../ledger';
import { setRefundedAmount } from '../payments';
import { deductRefundFromBatch } from '../settlements';
import { appendTimeline } from '../timeline';
import { REFUND, REFUND_COLUMNS, toRefundRecord } from './refund-record';
import { databaseError } from '../../lib/db-error';
import type { JobQueue } from '../../jobs/job-queue';
import { emitDomainEvent } from '../domain-events';
import { sandboxRefundJob } from './sandbox-refund-job';

/** @reads payments (tables other modules own: db/table-owners.ts) */

export const REFUND_SCOPE = 'REFUND';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The sandbox processor's job that finishes the refund, sent in the refund's transaction after this delay. */
export interface RefundFinisher {
  jobs: JobQueue;
  delayMs: number;
}

export interface RefundActor {
  merchantId: string;
  userId: string | null;
  email: string | null;
  ip: string | null;
  /** The merchant API key that made the call (userId and email are null then), kept in the audit detail. */
  apiKeyId?: string;
}

/** The payment row a refund locks. */
const LOCKED_PAYMENT = {
  id: payments.id,
  amount: payments.amount,
  refunded_amount: payments.refundedAmount,
  currency: payments.currency,
  status: payments.status,
  created_at: payments.createdAt,
  batch_id: payments.batchId,
  dispute_status: payments.disputeStatus,
};

/**
 * Refunds a payment (PRODUCT.md refund row), in one database transaction that locks the payment row
 * and the balance it draws on (its payment's unsettled batch and pending, or the AVAILABLE balance:
 * settlements/batch-membership.ts), so parallel calls cannot refund twice or overdraw. Rules, in
 * order: the merchant's payment (003001B022), successful and not disputed (003001B023), not refunded yet (003001B021),
 * within 180 days (003001B037), no decimals in a zero-decimal currency (003001B039), an amount of at
 * most what is left (001000B001), covered by its batch or else by the available balance (003001B034). The refund starts
 * PROCESSING (refund.created, emitted in the same transaction); the sandbox processor's job, sent in
 * the same transaction, finishes it.
 */
export async function createRefund(
  db: Db,
  actor: RefundActor,
  input: CreateRefundRequest,
  key: string,
  finisher: RefundFinisher,
): Promise<RefundRecord> {
  try {
    const record = await db.transaction(async (tx) => {
      const claim = await claimIdempotencyKey<RefundRecord>(tx, actor.merchantId, REFUND_SCOPE, key, input);
      if (claim.replay && claim.response) return claim.response;
      const created = await refundInTransaction(tx, actor, input);
      await emitDomainEvent(tx, finisher.jobs, 'refund.created', actor.merchantId, created.refundId);
      await finisher.jobs.send(
        sandboxRefundJob,
        { refundId: created.refundId },
        { tx, startAfterSeconds: finisher.delayMs / 1000 },
      );
      await storeIdempotentResponse(tx, claim, created);
      return created;
    });
    if (finisher.delayMs === 0) finisher.jobs.wake(sandboxRefundJob.name);
    return record;
  } catch (err) {
    // The partial unique index refunds_one_per_payment_uq backs the "once" rule.
    if (isUniqueViolation(err, 'refunds_one_per_payment_uq')) throw new AppError(ERROR_CODES.REFUND_ONCE);
    if (
      err instanceof AppError &&
      err.code !== ERROR_CODES.IDEMPOTENCY_MISMATCH &&
      err.code !== ERROR_CODES.INVALID_REQUEST
    ) {
      await audit(db, {
        action: 'REFUND',
        outcome: 'FAILURE',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        merchantId: actor.merchantId,
        ip: actor.ip,
        targetType: 'PAYMENT',
        targetId: input.paymentId.slice(0, 64),
        detail: { code: err.code, amount: input.amount, ...(actor.apiKeyId ? { apiKeyId: actor.apiKeyId } : {}) },
      }).catch(() => undefined);
    }
    throw err;
  }
}

async function refundInTransaction(tx: DbOrTx, actor: RefundActor, input: CreateRefundRequest): Promise<RefundRecord> {
  const { merchantId } = actor;
  const [payment] = await typedRows(
    tx,
    LOCKED_PAYMENT,
    sql`
      SELECT id, amount, refunded_amount, currency, status, created_at, batch_id, dispute_status FROM payments
       WHERE id = ${input.paymentId} AND merchant_id = ${merchantId} FOR UPDATE`,
  );
  if (!payment) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
  if (payment.status !== 'SUCCESS') throw new AppError(ERROR_CODES.REFUND_NOT_ALLOWED);
  if (payment.dispute_status !== null && payment.dispute_status !== 'WON')
    throw new AppError(ERROR_CODES.REFUND_NOT_ALLOWED, { text: { key: 'refunds.disputed' } });
  const [active] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.status, 'FAILED')))
    .limit(1);
  if (active) throw new AppError(ERROR_CODES.REFUND_ONCE);
  if (Date.now() - new Date(payment.created_at).getTime() > REFUND_PERIOD_DAYS * DAY_MS)
    throw new AppError(ERROR_CODES.REFUND_PERIOD_EXPIRED);

  const refundable = Number(payment.amount) - Number(payment.refunded_amount);
  const parsed = parseAmount(input.amount, payment.currency, { min: 1, max: refundable });
  if (!parsed.ok) {
    if (parsed.error === 'TOO_MANY_DECIMALS') {
      if (parsed.exponent === 0) throw new AppError(ERROR_CODES.NO_DECIMALS);
      throw badAmount(`must have at most ${parsed.exponent} decimals in ${payment.currency}`);
    }
    if (parsed.error === 'OUT_OF_RANGE' && parsed.bound === 'MIN') throw badAmount('must be more than 0');
    if (parsed.error === 'OUT_OF_RANGE') throw badAmount('must be at most the refundable amount of the payment');
    throw badAmount('must be a positive decimal amount like 12.50');
  }
  const amount = parsed.minor;

  // Deducted from the payment's batch while it is unsettled and its net covers the amount (from
  // pending, batch-membership.ts); otherwise from the available balance. Then the ledger accounts are
  // locked in the ledger's one order, and the available balance checked under the lock.
  const batchId = await deductRefundFromBatch(tx, payment.batch_id, amount);
  const postings = batchId ? batchRefundPostings(merchantId, amount) : refundPostings(merchantId, amount);
  const accounts = await lockAccounts(tx, payment.currency, postings);
  if (!batchId && accounts.balance(merchantId, 'AVAILABLE') < amount)
    throw new AppError(ERROR_CODES.INSUFFICIENT_PAYABLE_BALANCE);

  const now = new Date();
  const id = newId('REF', now.getTime());
  const refunded = Number(payment.refunded_amount) + amount;
  await tx.insert(refunds).values({
    id,
    merchantId,
    paymentId: payment.id,
    amount,
    currency: payment.currency,
    reason: input.reason,
    note: input.note ? input.note : null,
    status: 'PROCESSING',
    createdBy: actor.userId,
    batchId,
    createdAt: now,
  });
  await setRefundedAmount(tx, { id: payment.id, amount: Number(payment.amount) }, refunded);
  await appendTimeline(tx, [
    {
      merchantId,
      entityType: 'REFUND',
      entityId: id,
      type: 'CREATED',
      status: 'PROCESSING',
      note: recordText('refundOfPayment', { paymentId: payment.id }),
      createdAt: now,
    },
    {
      merchantId,
      entityType: 'PAYMENT',
      entityId: payment.id,
      type: 'REFUND_REQUESTED',
      status: 'PROCESSING',
      note: recordText('refundRef', { id }),
      createdAt: now,
    },
  ]);
  await postTransaction(
    tx,
    { merchantId, currency: payment.currency, kind: 'REFUND', referenceType: 'REFUND', referenceId: id, postings },
    accounts,
  );
  await audit(tx, {
    action: 'REFUND',
    outcome: 'SUCCESS',
    actorUserId: actor.userId,
    actorEmail: actor.email,
    merchantId,
    ip: actor.ip,
    targetType: 'REFUND',
    targetId: id,
    detail: {
      paymentId: payment.id,
      amount,
      currency: payment.currency,
      reason: input.reason,
      ...(actor.apiKeyId ? { apiKeyId: actor.apiKeyId } : {}),
    },
  });
  const [row] = await typedRows(
    tx,
    REFUND,
    sql`SELECT ${REFUND_COLUMNS} FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id WHERE r.id = ${id}`,
  );
  return toRefundRecord(row);
}

function badAmount(message: string): AppError {
  return new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: amount ${message}.`,
    data: { fields: [{ field: 'amount', message }] },
  });
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const db = databaseError(err);
  return db?.code === '23505' && (db.constraint === constraint || db.message.includes(constraint));
}
