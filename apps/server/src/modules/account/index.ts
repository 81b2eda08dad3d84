/**
 * The entry file of the account module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/account/ import it through this file alone.
 */
export {
  BALANCE_LATERALS,
  BALANCE_TRANSACTION_COLUMNS,
  BALANCE_TRANSACTION_FIELDS,
  BALANCE_TRANSACTION_ORDER,
  type BalanceTransactionRow,
} from './balance-transaction-record';
export { balanceTransactionWhere } from './list-balance-transactions';
export { listBalances } from './list-balances';
export { default as accountRoutes } from './routes';
