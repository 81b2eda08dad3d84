/**
 * A dispute's lifecycle (issue: EVIDENCE_REQUIRED → UNDER_REVIEW → WON or LOST; EVIDENCE_REQUIRED →
 * ACCEPTED or EXPIRED). Every move locks the dispute row, re-checks its status under the lock, and in
 * the same database transaction moves its money (dispute-money.ts), sets the payment's dispute state
 * and writes an event with who or what caused it. So of two moves of one dispute at once (a submit
 * and an accept, two job runners), exactly one happens; the other finds the new status and is refused.
 * With the app's queue, the move emits its webhook event in the same transaction: dispute.updated for
 * UNDER_REVIEW, dispute.closed for a final status (WON, LOST, ACCEPTED, EXPIRED).
 */
import { recordText } from '@mbo/contracts/record-texts';
import { sql } from 'drizzle-orm';
import type { DisputeStatus } from '@mbo/contracts/acquiring';
import type { EvidenceText } from '@mbo/contracts/disputes';
import type { DbOrTx } from '../../db/client';
import { disputes } from '../../db/schema';
import { computed, typedRows, type RowOf } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import { emitDomainEvent } from '../domain-events';
import { disputeStatusOf } from './dispute-codes';
import { settleDisputeMoney } from './dispute-money';
import { setPaymentDisputeStatus } from '../payments';
import { appendTimeline } from '../timeline';

export interface DisputeMove {
  to: DisputeStatus;
  /** The statuses it may move from; the move does nothing (false) from any other. */
  from: readonly DisputeStatus[];
  /** When given, only a dispute of this merchant moves. */
  merchantId?: string;
  /** Who or what caused it: a user's email or the system's name. */
  actor: string;
  at?: Date;
  note?: string;
  /** Text evidence saved with the move (a submit saves and locks it). */
  evidence?: EvidenceText;
  submittedBy?: string | null;
}

const LOCKED_DISPUTE = {
  id: disputes.id,
  merchant_id: disputes.merchantId,
  payment_id: disputes.paymentId,
  status: computed(disputeStatusOf),
  amount: disputes.amount,
  held: disputes.held,
  currency: disputes.currency,
  evidence: disputes.evidence,
};
export type LockedDispute = RowOf<typeof LOCKED_DISPUTE>;

/** The dispute row, locked for the rest of the transaction; undefined when it is not there (or not this merchant's). */
export async function lockDispute(
  tx: DbOrTx,
  disputeId: string,
  merchantId?: string,
): Promise<LockedDispute | undefined> {
  const [row] = await typedRows(
    tx,
    LOCKED_DISPUTE,
    sql`
      SELECT id, merchant_id, payment_id, status, amount, held, currency, evidence FROM disputes
       WHERE id = ${disputeId} ${merchantId !== undefined ? sql`AND merchant_id = ${merchantId}` : sql``} FOR UPDATE`,
  );
  return row;
}

const NOTES: Partial<Record<DisputeStatus, string>> = {
  UNDER_REVIEW: recordText('disputeUnderReview'),
  WON: recordText('disputeWon'),
  LOST: recordText('disputeLost'),
  ACCEPTED: recordText('disputeAccepted'),
  EXPIRED: recordText('evidenceExpired'),
};

/** Moves one dispute in its own transaction (or the caller's); false when it was not in one of `from`. */
export async function moveDispute(db: DbOrTx, disputeId: string, move: DisputeMove, jobs?: JobQueue): Promise<boolean> {
  return db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, disputeId, move.merchantId);
    if (!dispute || !move.from.includes(dispute.status)) return false;
    await applyMove(tx, dispute, move, jobs);
    return true;
  });
}

/** The move itself, on a dispute locked by the caller and checked to be in one of `from`. */
export async function applyMove(tx: DbOrTx, dispute: LockedDispute, move: DisputeMove, jobs?: JobQueue): Promise<void> {
  const at = move.at ?? new Date();
  const iso = at.toISOString();
  const final = move.to === 'WON' || move.to === 'LOST' || move.to === 'ACCEPTED' || move.to === 'EXPIRED';
  const evidence = move.evidence ? { ...dispute.evidence, ...move.evidence } : null;
  await tx.execute(sql`
    UPDATE disputes SET status = ${move.to}, updated_at = ${iso}::timestamptz
           ${evidence ? sql`, evidence = ${JSON.stringify(evidence)}::jsonb` : sql``}
           ${move.to === 'UNDER_REVIEW' ? sql`, submitted_at = ${iso}::timestamptz, submitted_by = ${move.submittedBy ?? move.actor}` : sql``}
           ${final ? sql`, decided_at = ${iso}::timestamptz` : sql``}
     WHERE id = ${dispute.id}`);
  if (dispute.payment_id) {
    await setPaymentDisputeStatus(tx, dispute.payment_id, move.to);
  }
  if (final) {
    await settleDisputeMoney(
      tx,
      {
        id: dispute.id,
        merchantId: dispute.merchant_id,
        currency: dispute.currency,
        amount: Number(dispute.amount),
        held: Number(dispute.held),
      },
      move.to === 'WON' ? 'RELEASE' : 'DEBIT',
      at,
    );
  }
  const note = move.note ?? NOTES[move.to] ?? null;
  const entry = { merchantId: dispute.merchant_id, status: move.to, actor: move.actor, createdAt: new Date(iso) };
  await appendTimeline(tx, [
    { ...entry, entityType: 'DISPUTE', entityId: dispute.id, type: move.to, note },
    ...(dispute.payment_id
      ? [
          {
            ...entry,
            entityType: 'PAYMENT',
            entityId: dispute.payment_id,
            type: `DISPUTE_${move.to}`,
            note: recordText('disputeRef', { id: dispute.id }),
          },
        ]
      : []),
  ]);
  await emitDomainEvent(tx, jobs, final ? 'dispute.closed' : 'dispute.updated', dispute.merchant_id, dispute.id);
}
