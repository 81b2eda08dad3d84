/**
 * The entry file of the dev-mailbox module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/dev-mailbox/ import it through this file alone.
 */
export { default as devMailboxRoutes, isDirectLocalRequest } from './routes';
