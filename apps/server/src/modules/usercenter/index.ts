/**
 * The entry file of the usercenter module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/usercenter/ import it through this file alone.
 */
export { default as usercenterRoutes } from './routes';
