/**
 * The entry file of the two-factor module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/two-factor/ import it through this file alone.
 */
export { keyRecoveryCodes } from './recovery-codes';
export { default as twoFactorRoutes } from './routes';
