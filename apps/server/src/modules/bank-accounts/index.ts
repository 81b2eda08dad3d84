/**
 * The entry file of the bank-accounts module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/bank-accounts/ import it through this file alone.
 */
export { default as bankAccountRoutes } from './routes';
