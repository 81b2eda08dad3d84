import { recordText } from '@mbo/contracts/record-texts';
import { and, eq, sql } from 'drizzle-orm';
import { amountWithCode } from '@mbo/contracts/money';
import type { WithdrawalStatus } from '@mbo/contracts/withdrawals';
import type { DbOrTx } from '../../db/client';
import { withdrawals } from '../../db/money-out-schema';
import { postTransaction, moneyOutPaidPostings, moneyOutReturnPostings } from '../ledger';
import { appendTimeline } from '../timeline';

/** A withdrawals row locked FOR UPDATE: every move of an order starts with it, so two moves never both apply. */
export interface LockedWithdrawal {
  id: string;
  merchant_id: string;
  currency: string;
  amount: number;
  fee: number;
  remark: string | null;
  status: WithdrawalStatus;
  created_by: string | null;
}

/** Locks one withdrawal (of `merchantId`, when given: another merchant's id is "not found", undefined). */
export async function lockWithdrawal(
  tx: DbOrTx,
  id: string,
  merchantId?: string,
): Promise<LockedWithdrawal | undefined> {
  const w = withdrawals;
  const [row] = await tx
    .select({
      id: w.id,
      merchant_id: w.merchantId,
      currency: w.currency,
      amount: w.amount,
      fee: w.fee,
      remark: w.remark,
      status: w.status,
      created_by: w.createdBy,
    })
    .from(w)
    .where(and(eq(w.id, id), merchantId === undefined ? undefined : eq(w.merchantId, merchantId)))
    .for('update');
  return row && { ...row, status: row.status as WithdrawalStatus };
}

export interface WithdrawalMove {
  to: 'PROCESSING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';
  note: string | null;
  actor: string;
  failureReason?: string;
  bankReference?: string;
}

/**
 * Moves a locked withdrawal and its money in the caller's transaction: PROCESSING moves no money;
 * SUCCESS pays the reserve out (the fee to the provider, the rest to the bank); FAILED and CANCELLED
 * give the reserve back to available. The caller has checked the move is allowed from its status.
 */
export async function applyWithdrawalMove(tx: DbOrTx, w: LockedWithdrawal, move: WithdrawalMove): Promise<void> {
  const final = move.to !== 'PROCESSING';
  await tx
    .update(withdrawals)
    .set({
      status: move.to,
      updatedAt: sql`now()`,
      finishedAt: final ? sql`now()` : null,
      failureReason: move.failureReason ?? null,
      bankReference: sql`coalesce(${move.bankReference ?? null}, ${withdrawals.bankReference})`,
    })
    .where(eq(withdrawals.id, w.id));
  if (move.to === 'SUCCESS') {
    await postTransaction(tx, {
      merchantId: w.merchant_id,
      currency: w.currency,
      kind: 'WITHDRAWAL_PAID',
      referenceType: 'WITHDRAWAL',
      referenceId: w.id,
      postings: moneyOutPaidPostings(w.merchant_id, w.amount - w.fee, w.fee),
    });
  } else if (move.to === 'FAILED' || move.to === 'CANCELLED') {
    await postTransaction(tx, {
      merchantId: w.merchant_id,
      currency: w.currency,
      kind: 'WITHDRAWAL_RETURN',
      referenceType: 'WITHDRAWAL',
      referenceId: w.id,
      postings: moneyOutReturnPostings(w.merchant_id, w.amount),
    });
  }
  const note =
    move.note ??
    (move.to === 'SUCCESS'
      ? recordText('withdrawalPaid')
      : move.to === 'PROCESSING'
        ? null
        : recordText('withdrawalReturned', { amount: amountWithCode(w.amount, w.currency) }));
  await appendTimeline(tx, {
    merchantId: w.merchant_id,
    entityType: 'WITHDRAWAL',
    entityId: w.id,
    type: move.to,
    status: move.to,
    note,
    actor: move.actor,
  });
}
