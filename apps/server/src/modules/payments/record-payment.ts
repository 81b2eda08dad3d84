import { eq, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { DbOrTx } from '../../db/client';
import { events, payments } from '../../db/payments-schema';
import { newId } from '../../lib/ids';
import { postTransaction } from '../ledger/post-transaction';
import { capturePostings } from '../ledger/postings';

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
  createdAt?: Date;
}

/**
 * Records a payment with its first timeline event, and when it succeeded its capture in the ledger
 * (gross to pending, fee to the fee account), all in the caller's transaction. The fee comes from
 * fees.ts `computeFee` (never above the amount: the database refuses fee > amount).
 */
export async function recordPayment(tx: DbOrTx, input: NewPayment, fee: number): Promise<string> {
  const createdAt = input.createdAt ?? new Date();
  const id = newId('PAY', createdAt.getTime());
  await tx.insert(payments).values({
    id,
    merchantId: input.merchantId,
    merchantOrderNo: input.merchantOrderNo ?? newId('ORD', createdAt.getTime()),
    amount: input.amount,
    currency: input.currency,
    fee: input.status === 'SUCCESS' ? fee : 0,
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
    createdAt,
    paidAt: input.status === 'SUCCESS' ? createdAt : null,
    updatedAt: createdAt,
  });
  await tx.insert(events).values({ merchantId: input.merchantId, entityType: 'PAYMENT', entityId: id, type: 'CREATED', status: 'PENDING', createdAt });
  if (input.status !== 'PENDING') await finishPaymentEvents(tx, input.merchantId, id, input.status, input.failureReason ?? null, createdAt);
  if (input.status === 'SUCCESS') {
    await postTransaction(tx, { merchantId: input.merchantId, currency: input.currency, kind: 'CAPTURE', referenceType: 'PAYMENT', referenceId: id, postings: capturePostings(input.merchantId, input.amount, fee) });
  }
  return id;
}

async function finishPaymentEvents(tx: DbOrTx, merchantId: string, id: string, status: PaymentStatus, reason: string | null, at: Date) {
  await tx.insert(events).values({ merchantId, entityType: 'PAYMENT', entityId: id, type: status === 'SUCCESS' ? 'CAPTURED' : status, status, note: reason, createdAt: at });
}

/** Moves a PENDING payment to its final status (the sandbox processor), posting the capture on success. */
export async function completePendingPayment(tx: DbOrTx, paymentId: string, status: 'SUCCESS' | 'FAILED' | 'CANCELLED', fee: number, reason: string | null = null): Promise<boolean> {
  const updated = await tx
    .update(payments)
    .set({ status, fee: status === 'SUCCESS' ? fee : 0, failureReason: reason, paidAt: status === 'SUCCESS' ? sql`now()` : null, updatedAt: sql`now()` })
    .where(sql`${payments.id} = ${paymentId} AND ${payments.status} = 'PENDING'`)
    .returning();
  const row = updated[0];
  if (!row) return false;
  await finishPaymentEvents(tx, row.merchantId, row.id, status, reason, new Date());
  if (status === 'SUCCESS') {
    await postTransaction(tx, { merchantId: row.merchantId, currency: row.currency, kind: 'CAPTURE', referenceType: 'PAYMENT', referenceId: row.id, postings: capturePostings(row.merchantId, row.amount, fee) });
  }
  return true;
}

export async function findPayment(tx: DbOrTx, merchantId: string, paymentId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row && row.merchantId === merchantId ? row : undefined;
}
