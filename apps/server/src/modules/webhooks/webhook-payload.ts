/**
 * The stored body of a webhook event, written by emit-event.ts and sent by drain-endpoint.ts: its
 * own file, so that the sender does not import the writer (which sends the drain job).
 */

/** The body every attempt sends (and the receiver verifies): webhook-id is `id`. */
export interface WebhookPayload {
  id: string;
  type: string;
  createdAt: string;
  data: { object: unknown };
}
