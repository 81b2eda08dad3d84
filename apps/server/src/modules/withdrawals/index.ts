/**
 * The entry file of the withdrawals module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/withdrawals/ import it through this file alone.
 */
export { default as withdrawalRoutes } from './routes';
export {
  WITHDRAWAL_COLUMNS,
  WITHDRAWAL_FIELDS,
  WITHDRAWAL_FROM,
  type WithdrawalRow,
  withdrawalWhere,
} from './withdrawal-record';
export { withdrawalReservedNote } from './create-withdrawal';
