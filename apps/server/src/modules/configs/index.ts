/**
 * The entry file of the configs module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/configs/ import it through this file alone.
 */
export { PAY_METHODS } from './pay-method-catalogue';
export { default as configRoutes } from './routes';
