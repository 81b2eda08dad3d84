/**
 * The entry file of the merchant-api module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/merchant-api/ import it through this file alone.
 */
export { apiErrorHandler } from './api-errors';
export { apiPayment, apiRefund } from './api-objects';
export { default as merchantApiPlugin } from './merchant-api-plugin';
