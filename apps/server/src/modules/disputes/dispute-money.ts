/**
 * The money of a dispute, in the caller's database transaction (PRODUCT.md "Data and money rules").
 *
 * - Opening holds the disputed amount and the dispute fee (`held` = amount + fee) in the reserved
 *   balance, in one balanced ledger transaction (DISPUTE_HOLD). While the payment's clearing batch
 *   has not settled and its net covers the hold, the hold is deducted from the batch (from pending,
 *   settlements/batch-membership.ts, the one writer of a batch's totals): the batch's settlement then
 *   shows it as a dispute adjustment, and a batch's net never goes below zero. Otherwise it comes
 *   from the available balance.
 * - A dispute cannot be refused for lack of balance. When the available balance does not cover the
 *   hold, it goes below zero: the database allows that for a DISPUTE_HOLD and nothing else (migration
 *   0016). The next settlements credit the available balance and pay the shortfall back first; until
 *   then refunds, withdrawals and payouts are refused, since each needs available >= its amount.
 * - WON releases the hold to the available balance (DISPUTE_RELEASE). LOST, ACCEPTED and EXPIRED debit
 *   it (DISPUTE_DEBIT): the amount goes back to the cardholder through clearing, the fee to the
 *   merchant's fee account. Either way the reserved balance gives back exactly what the hold put in.
 *
 * Lock order, as every posting: payment row, then batch row, then ledger accounts (by id). An outcome
 * locks the dispute row first, then the payment row (to update its dispute state), then the accounts.
 */
import type { DbOrTx } from '../../db/client';
import {
  postTransaction,
  disputeBatchHoldPostings,
  disputeDebitPostings,
  disputeHoldPostings,
  disputeReleasePostings,
} from '../ledger';
import { deductDisputeFromBatch } from '../settlements';

export interface DisputeHold {
  /** The batch the hold was deducted from, or null when it came from the available balance. */
  batchId: string | null;
  held: number;
}

/** Holds amount + fee for a new dispute; the payment row is locked by the caller. */
export async function holdDisputeMoney(
  tx: DbOrTx,
  dispute: {
    id: string;
    merchantId: string;
    currency: string;
    amount: number;
    fee: number;
    paymentBatchId: string | null;
    at: Date;
  },
): Promise<DisputeHold> {
  const held = dispute.amount + dispute.fee;
  const batchId = await deductDisputeFromBatch(tx, dispute.paymentBatchId, held);
  await postTransaction(tx, {
    merchantId: dispute.merchantId,
    currency: dispute.currency,
    kind: 'DISPUTE_HOLD',
    referenceType: 'DISPUTE',
    referenceId: dispute.id,
    postings: batchId
      ? disputeBatchHoldPostings(dispute.merchantId, held)
      : disputeHoldPostings(dispute.merchantId, held),
    at: dispute.at,
  });
  return { batchId, held };
}

/** Releases (WON) or debits (LOST, ACCEPTED, EXPIRED) what the dispute holds; nothing when it holds nothing. */
export async function settleDisputeMoney(
  tx: DbOrTx,
  dispute: { id: string; merchantId: string; currency: string; amount: number; held: number },
  outcome: 'RELEASE' | 'DEBIT',
  at: Date,
): Promise<void> {
  if (dispute.held <= 0) return; // written before disputes held money (migration 0016)
  const amount = Math.min(dispute.amount, dispute.held);
  const postings =
    outcome === 'RELEASE'
      ? disputeReleasePostings(dispute.merchantId, dispute.held)
      : disputeDebitPostings(dispute.merchantId, amount, dispute.held - amount);
  await postTransaction(tx, {
    merchantId: dispute.merchantId,
    currency: dispute.currency,
    kind: outcome === 'RELEASE' ? 'DISPUTE_RELEASE' : 'DISPUTE_DEBIT',
    referenceType: 'DISPUTE',
    referenceId: dispute.id,
    postings,
    at,
  });
}
