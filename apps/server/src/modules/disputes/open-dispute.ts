import { recordText } from '@mbo/contracts/record-texts';
import { sql } from 'drizzle-orm';
import type { DisputeStatus, DisputeType } from '@mbo/contracts/acquiring';
import type { DisputeReasonCode } from '@mbo/contracts/dispute-reasons';
import { DISPUTE_RESPONSE_DAYS, disputeFeeOf } from '@mbo/contracts/disputes';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/payments-schema';
import { typedRows } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import { newId } from '../../lib/ids';
import { emitDomainEvent } from '../domain-events';
import { queueDisputeMail, type DisputeNotifier } from './dispute-mail';
import { holdDisputeMoney } from './dispute-money';
import { setPaymentDisputeStatus } from '../payments';
import { appendTimeline } from '../timeline';

/** @reads payments (tables other modules own: db/table-owners.ts) */

export interface OpenDisputeInput {
  merchantId: string;
  paymentId: string;
  type: DisputeType;
  reason: DisputeReasonCode;
  /** Minor units; default (and at most): what is left of the payment after its refunds. */
  amount?: number;
  /** When it opened (default now): the demo data writes history. */
  at?: Date;
  /** The evidence due date (default: at + DISPUTE_RESPONSE_DAYS of its type). */
  dueAt?: Date;
  /** Who or what opened it, for the timeline. */
  actor?: string;
  /**
   * Mails the members told of disputes (dispute-mail.ts DISPUTE_AUDIENCE); the demo data's history and tests without
   * an app send none.
   */
  notify?: DisputeNotifier;
  /** The app's queue: dispute.created is emitted in the dispute's transaction (the demo data's history passes none). */
  jobs?: JobQueue;
}

/** Why a dispute cannot be opened on a payment: the sandbox never opens one then. */
export class DisputeNotPossible extends Error {}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Opens a dispute on a successful payment, in one database transaction: the payment row locked, the
 * disputed amount and fee held in the reserved balance (dispute-money.ts; never refused for lack of
 * balance), the dispute written EVIDENCE_REQUIRED with its due date, an event on its timeline and on
 * the payment's, the payment's dispute state set, and the mail to the members told of disputes
 * queued in the outbox. One dispute per payment (the unique index disputes_payment_uq backs it).
 * The provider's systems (here the sandbox processor and the demo data) open disputes, never a merchant.
 */
export async function openDispute(db: DbOrTx, input: OpenDisputeInput): Promise<string> {
  return db.transaction(async (tx) => openDisputeInTransaction(tx, input));
}

export async function openDisputeInTransaction(tx: DbOrTx, input: OpenDisputeInput): Promise<string> {
  const at = input.at ?? new Date();
  const [payment] = await typedRows(
    tx,
    {
      id: payments.id,
      amount: payments.amount,
      refunded_amount: payments.refundedAmount,
      currency: payments.currency,
      status: payments.status,
      batch_id: payments.batchId,
      dispute_status: payments.disputeStatus,
    },
    sql`
      SELECT id, amount, refunded_amount, currency, status, batch_id, dispute_status FROM payments
       WHERE id = ${input.paymentId} AND merchant_id = ${input.merchantId} FOR UPDATE`,
  );
  if (!payment) throw new DisputeNotPossible(`payment ${input.paymentId} of ${input.merchantId} does not exist`);
  if (payment.status !== 'SUCCESS')
    throw new DisputeNotPossible(`payment ${payment.id} is ${payment.status}, not SUCCESS`);
  if (payment.dispute_status !== null) throw new DisputeNotPossible(`payment ${payment.id} is disputed already`);
  const disputable = payment.amount - payment.refunded_amount;
  const amount = input.amount ?? disputable;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > disputable) {
    throw new DisputeNotPossible(`payment ${payment.id}: ${amount} is not a disputable amount (at most ${disputable})`);
  }

  const id = newId('DSP', at.getTime());
  const fee = disputeFeeOf(payment.currency);
  const dueAt = input.dueAt ?? new Date(at.getTime() + DISPUTE_RESPONSE_DAYS[input.type] * DAY_MS);
  const status: DisputeStatus = 'EVIDENCE_REQUIRED';
  // The dispute row first (the hold's ledger transaction refers to it), then the hold, then its place.
  await tx.execute(sql`
    INSERT INTO disputes (id, merchant_id, type, status, payment_id, amount, fee, currency, reason, due_at, created_at, updated_at)
    VALUES (${id}, ${input.merchantId}, ${input.type}, ${status}, ${payment.id}, ${amount}, ${fee}, ${payment.currency}, ${input.reason},
            ${dueAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
  const hold = await holdDisputeMoney(tx, {
    id,
    merchantId: input.merchantId,
    currency: payment.currency,
    amount,
    fee,
    paymentBatchId: payment.batch_id,
    at,
  });
  await tx.execute(sql`UPDATE disputes SET held = ${hold.held}, batch_id = ${hold.batchId} WHERE id = ${id}`);
  await setPaymentDisputeStatus(tx, payment.id, status);
  const actor = input.actor ?? recordText('actorCardNetwork');
  const chargeback = input.type === 'CHARGEBACK';
  const opened = hold.batchId
    ? recordText(chargeback ? 'chargebackOpenedBatch' : 'inquiryOpenedBatch', {
        paymentId: payment.id,
        batchId: hold.batchId,
      })
    : recordText(chargeback ? 'chargebackOpenedBalance' : 'inquiryOpenedBalance', { paymentId: payment.id });
  await appendTimeline(tx, [
    {
      merchantId: input.merchantId,
      entityType: 'DISPUTE',
      entityId: id,
      type: 'OPENED',
      status,
      note: opened,
      actor,
      createdAt: at,
    },
    {
      merchantId: input.merchantId,
      entityType: 'PAYMENT',
      entityId: payment.id,
      type: 'DISPUTE_OPENED',
      status,
      note: recordText(chargeback ? 'chargebackRef' : 'inquiryRef', { id }),
      actor,
      createdAt: at,
    },
  ]);
  if (input.notify) await queueDisputeMail(tx, id, 'OPENED', input.notify);
  await emitDomainEvent(tx, input.jobs, 'dispute.created', input.merchantId, id);
  return id;
}
