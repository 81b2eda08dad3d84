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
