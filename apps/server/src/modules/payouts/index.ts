/**
 * The entry file of the payouts module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/payouts/ import it through this file alone.
 */
export { PAYOUT, PAYOUT_COLUMNS, type PayoutRow, payoutWhere } from './payout-record';
export { default as payoutRoutes } from './routes';
export { advancePayouts } from './sandbox-payout-job';
