/**
 * The merchant API (issue 14): its payments list with a Bearer key over the generated payments, and webhook delivery
 * throughput to a local receiver (in order, no duplicates).
 */
import type { Timing } from '../measure';
import { measureApiPaymentsList, measureWebhookThroughput, type WebhookThroughput } from '../measure-integration';
import { count, defineSection, figureRow, MERCHANT, postgresBudgetRow } from './section';

interface IntegrationFigures {
  paymentsList: Timing;
  webhooks: WebhookThroughput;
}

export const integration = defineSection<void, IntegrationFigures>({
  name: 'integration',
  // The bench keys and the webhook endpoint are made by the measures themselves, again each run.
  prepare: async () => undefined,
  async measure({ app, database, options, now, log }) {
    log(`the merchant API's payments list; ${count(options.webhookEvents)} webhook events to a local receiver`);
    const paymentsList = await measureApiPaymentsList(app, database.db, MERCHANT, options.runs, now);
    const webhooks = await measureWebhookThroughput(app, database.db, MERCHANT, options.webhookEvents);
    return { paymentsList, webhooks };
  },
  rows: ({ paymentsList, webhooks: w }, { kind }) => [
    postgresBudgetRow(
      `Merchant API: GET /api/v1/payments (Bearer key; first pages, filters, cursor pages 2–5)`,
      paymentsList,
      kind,
    ),
    figureRow(
      `Webhook delivery: ${count(w.events)} events to a local receiver (${w.seconds.toFixed(1)} s, ${w.inOrder ? 'in order' : 'OUT OF ORDER'}, ${w.duplicates} duplicates)`,
      `${w.perSecond.toFixed(0)} /s`,
      '≥ 200 events/s, in order per endpoint',
      w.perSecond >= 200 && w.inOrder && w.duplicates === 0,
    ),
  ],
});
