import { SYSTEM, type Posting } from './post-transaction';

/** A capture: gross into the merchant's pending balance, the fee out of it into the fee account. */
export function capturePostings(merchantId: string, gross: number, fee: number): Posting[] {
  return [
    { owner: SYSTEM, type: 'CLEARING', amount: -gross },
    { owner: merchantId, type: 'PENDING', amount: gross },
    { owner: merchantId, type: 'PENDING', amount: -fee },
    { owner: merchantId, type: 'FEES', amount: fee },
  ];
}

/** A refund: out of the merchant's available balance, back to the customer through clearing. */
export function refundPostings(merchantId: string, amount: number): Posting[] {
  return [
    { owner: merchantId, type: 'AVAILABLE', amount: -amount },
    { owner: SYSTEM, type: 'CLEARING', amount },
  ];
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
