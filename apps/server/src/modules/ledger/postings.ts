import type { Posting } from './post-transaction';

/*
 * The money of a merchant flows through its own CLEARING account (owner = the merchant), not
 * through one SYSTEM clearing account per currency: that row would be updated, and locked until
 * commit, by the capture and refund of every merchant in the currency, a hot row that serializes
 * them all. Per merchant, postings of different merchants share no account row. The provider's
 * clearing position in a currency is the sum of the CLEARING accounts (SYSTEM ones of older data
 * included).
 */

/** A capture: gross into the merchant's pending balance, the fee out of it into the fee account. */
export function capturePostings(merchantId: string, gross: number, fee: number): Posting[] {
  return [
    { owner: merchantId, type: 'CLEARING', amount: -gross },
    { owner: merchantId, type: 'PENDING', amount: gross },
    { owner: merchantId, type: 'PENDING', amount: -fee },
    { owner: merchantId, type: 'FEES', amount: fee },
  ];
}

/** A refund: out of the merchant's available balance, back to the customer through clearing. */
export function refundPostings(merchantId: string, amount: number): Posting[] {
  return [
    { owner: merchantId, type: 'AVAILABLE', amount: -amount },
    { owner: merchantId, type: 'CLEARING', amount },
  ];
}

/**
 * A refund deducted from its payment's unsettled batch (settlements/batch-membership.ts): out of the
 * merchant's pending balance, which holds the batch's net until it settles.
 */
export function batchRefundPostings(merchantId: string, amount: number): Posting[] {
  return [
    { owner: merchantId, type: 'PENDING', amount: -amount },
    { owner: merchantId, type: 'CLEARING', amount },
  ];
}

/** A failed refund that was deducted from a batch that has not settled yet goes back to pending. */
export function batchRefundReversalPostings(merchantId: string, amount: number): Posting[] {
  return batchRefundPostings(merchantId, amount).map((p) => ({ ...p, amount: -p.amount }));
}

/** A failed refund gives the money back to the available balance. */
export function refundReversalPostings(merchantId: string, amount: number): Posting[] {
  return refundPostings(merchantId, amount).map((p) => ({ ...p, amount: -p.amount }));
}

/** Settlement of captured funds: pending becomes available. */
export function settlePostings(merchantId: string, amount: number): Posting[] {
  return [
    { owner: merchantId, type: 'PENDING', amount: -amount },
    { owner: merchantId, type: 'AVAILABLE', amount },
  ];
}

/*
 * Disputes (modules/disputes/dispute-money.ts). A dispute holds its amount and fee in the reserved
 * balance while it is open; the outcome releases the hold (won) or debits it (lost, accepted,
 * expired): the amount back to the cardholder through clearing, the fee to the fee account.
 */

/** A dispute hold from the available balance (which may go below zero for this kind only, migration 0016). */
export function disputeHoldPostings(merchantId: string, held: number): Posting[] {
  return [
    { owner: merchantId, type: 'AVAILABLE', amount: -held },
    { owner: merchantId, type: 'RESERVED', amount: held },
  ];
}

/** A dispute hold deducted from its payment's unsettled batch: from pending, which holds the batch's net. */
export function disputeBatchHoldPostings(merchantId: string, held: number): Posting[] {
  return [
    { owner: merchantId, type: 'PENDING', amount: -held },
    { owner: merchantId, type: 'RESERVED', amount: held },
  ];
}

/** A won dispute: the hold goes back to the available balance. */
export function disputeReleasePostings(merchantId: string, held: number): Posting[] {
  return [
    { owner: merchantId, type: 'RESERVED', amount: -held },
    { owner: merchantId, type: 'AVAILABLE', amount: held },
  ];
}

/** A lost, accepted or expired dispute: the amount to the cardholder, the fee to the fee account. */
export function disputeDebitPostings(merchantId: string, amount: number, fee: number): Posting[] {
  const postings: Posting[] = [
    { owner: merchantId, type: 'RESERVED', amount: -(amount + fee) },
    { owner: merchantId, type: 'CLEARING', amount },
  ];
  if (fee > 0) postings.push({ owner: merchantId, type: 'FEES', amount: fee });
  return postings;
}

/*
 * Money out (modules/withdrawals, later payouts). An order moves its amount from available to
 * reserved when it is accepted (in flight); paid, the reserve leaves: the fee to the fee account, the
 * rest to the bank through clearing; failed or cancelled, the reserve goes back to available.
 */

/** An accepted withdrawal or payout: out of available (never below zero: the trigger refuses it), into reserved. */
export function moneyOutHoldPostings(merchantId: string, amount: number): Posting[] {
  return [
    { owner: merchantId, type: 'AVAILABLE', amount: -amount },
    { owner: merchantId, type: 'RESERVED', amount },
  ];
}

/**
 * A paid order: `sent` leaves through clearing to the bank, `fee` goes to the fee account (sent + fee = the amount
 * held).
 */
export function moneyOutPaidPostings(merchantId: string, sent: number, fee: number): Posting[] {
  const postings: Posting[] = [
    { owner: merchantId, type: 'RESERVED', amount: -(sent + fee) },
    { owner: merchantId, type: 'CLEARING', amount: sent },
  ];
  if (fee > 0) postings.push({ owner: merchantId, type: 'FEES', amount: fee });
  return postings;
}

/** A failed or cancelled order: the amount held goes back to available. */
export function moneyOutReturnPostings(merchantId: string, amount: number): Posting[] {
  return moneyOutHoldPostings(merchantId, amount).map((p) => ({ ...p, amount: -p.amount }));
}

/** Funds a payout merchant sends in (a top-up): from clearing into available. */
export function topUpPostings(merchantId: string, amount: number): Posting[] {
  return [
    { owner: merchantId, type: 'CLEARING', amount: -amount },
    { owner: merchantId, type: 'AVAILABLE', amount },
  ];
}
