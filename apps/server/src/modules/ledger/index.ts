/**
 * The entry file of the ledger module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/ledger/ import it through this file alone.
 */
export { lockAccounts, type Posting, postTransaction, postTransactions } from './post-transaction';
export {
  batchRefundPostings,
  batchRefundReversalPostings,
  capturePostings,
  disputeBatchHoldPostings,
  disputeDebitPostings,
  disputeHoldPostings,
  disputeReleasePostings,
  moneyOutHoldPostings,
  moneyOutPaidPostings,
  moneyOutReturnPostings,
  refundPostings,
  refundReversalPostings,
  settlePostings,
  topUpPostings,
} from './postings';
