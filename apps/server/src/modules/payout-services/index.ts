/**
 * The entry file of the payout-services module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/payout-services/ import it through this file alone.
 */
export { payoutServicesOf } from './list-payout-services';
export { default as payoutServiceRoutes } from './routes';
