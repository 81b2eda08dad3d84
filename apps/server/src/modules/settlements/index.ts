/**
 * The entry file of the settlements module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/settlements/ import it through this file alone.
 */
export {
  deductDisputeFromBatch,
  deductRefundFromBatch,
  joinBatch,
  recountOpenBatches,
  restoreRefundToBatch,
} from './batch-membership';
export {
  SETTLEMENT_TRANSACTION_COLUMNS,
  SETTLEMENT_TRANSACTION_FROM,
  SETTLEMENT_TRANSACTION_ORDER,
  type SettlementTransactionRow,
} from './read-settlement-transactions';
export { settlementWhere } from './read-settlements';
export { default as sandboxClockRoutes } from './sandbox-clock-routes';
export { runSettlementCycle, type SettleResult } from './settle-batches';
export { settlementCycleJob } from './settlement-job';
export { SETTLEMENT_COLUMNS, type SettlementRow } from './settlement-records';
export { default as settlementRoutes } from './settlement-routes';
export { batchKeyOf, type BatchWindow, batchWindowsBetween, type SettlementTerms } from './settlement-terms';
