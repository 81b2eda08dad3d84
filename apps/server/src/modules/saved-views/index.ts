/**
 * The entry file of the saved-views module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/saved-views/ import it through this file alone.
 */
export { default as savedViewRoutes } from './routes';
