/**
 * The entry file of the dev-webhooks module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/dev-webhooks/ import it through this file alone.
 */
export { DEV_WEBHOOKS_PATH, default as devWebhookRoutes } from './routes';
