/**
 * The entry file of the api-keys module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/api-keys/ import it through this file alone.
 */
export { guardApiCall } from './api-call-guard';
export { newApiKeySecret } from './api-key-secret';
export { default as apiKeyRoutes } from './routes';
