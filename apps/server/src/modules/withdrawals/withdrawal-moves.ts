import { sql } from 'drizzle-orm';
import { formatAmount } from '@mbo/contracts/money';
import type { WithdrawalStatus } from '@mbo/contracts/withdrawals';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { events } from '../../db/payments-schema';
import { postTransaction, moneyOutPaidPostings, moneyOutReturnPostings } from '../ledger';

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
export async function lockWithdrawal(tx: DbOrTx, id: string, merchantId?: string): Promise<LockedWithdrawal | undefined> {
  const [row] = rowsOf<Omit<LockedWithdrawal, 'amount' | 'fee'> & { amount: string | number; fee: string | number }>(
    await tx.execute(sql`
      SELECT id, merchant_id, currency, amount, fee, remark, status, created_by FROM withdrawals
       WHERE id = ${id} ${merchantId === undefined ? sql`` : sql`AND merchant_id = ${merchantId}`} FOR UPDATE`),
  );
  return row && { ...row, amount: Number(row.amount), fee: Number(row.fee) };
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
  await tx.execute(sql`
    UPDATE withdrawals SET status = ${move.to}, updated_at = now(), finished_at = ${final ? sql`now()` : sql`NULL`},
           failure_reason = ${move.failureReason ?? null}, bank_reference = coalesce(${move.bankReference ?? null}, bank_reference)
     WHERE id = ${w.id}`);
  if (move.to === 'SUCCESS') {
    await postTransaction(tx, {
      merchantId: w.merchant_id, currency: w.currency, kind: 'WITHDRAWAL_PAID', referenceType: 'WITHDRAWAL', referenceId: w.id,
      postings: moneyOutPaidPostings(w.merchant_id, w.amount - w.fee, w.fee),
    });
  } else if (move.to === 'FAILED' || move.to === 'CANCELLED') {
    await postTransaction(tx, {
      merchantId: w.merchant_id, currency: w.currency, kind: 'WITHDRAWAL_RETURN', referenceType: 'WITHDRAWAL', referenceId: w.id,
      postings: moneyOutReturnPostings(w.merchant_id, w.amount),
    });
  }
  const money = `${formatAmount(w.amount, w.currency)} ${w.currency}`;
  const note = move.note ?? (move.to === 'SUCCESS' ? `Paid to the bank account` : move.to === 'PROCESSING' ? null : `${money} returned to the available balance`);
  await tx.insert(events).values({ merchantId: w.merchant_id, entityType: 'WITHDRAWAL', entityId: w.id, type: move.to, status: move.to, note, actor: move.actor });
}
