/**
 * The entry file of the webhooks module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/webhooks/ import it through this file alone.
 */
export { emitWebhookEvent, emitWebhookEvents } from './emit-event';
export { default as webhookRoutes } from './routes';
export { newSigningSecret, openSigningSecrets, sealSigningSecret } from './signing';
