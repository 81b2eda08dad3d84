import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@mbo/contracts/integration';
import type { DbOrTx } from '../../db/client';
import { webhookEndpoints } from '../../db/integration-schema';
import { typedRows } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import { newId } from '../../lib/ids';
import { webhookDrainJob } from './webhook-jobs';
import type { WebhookPayload } from './webhook-payload';

export interface WebhookEventInput {
  merchantId: string;
  type: WebhookEventType;
  /** The id of the object the event is about (payment, refund…), for the log and the search. */
  objectId: string | null;
  /** The API object as it is now; sent as data.object. */
  object: unknown;
}

/**
 * Writes the event row (the outbox) in the caller's transaction, with one EVENT delivery per
 * enabled endpoint of the merchant subscribed to its type, and sends each such endpoint a drain job
 * in the same transaction: a rolled-back change leaves no event, no delivery and no job. Returns the
 * event id. The job starts at the workers' next poll; a caller may `jobs.wake(webhookDrainJob.name)`
 * after its commit to send at once.
 */
export async function emitWebhookEvent(tx: DbOrTx, jobs: JobQueue, event: WebhookEventInput): Promise<string> {
  const [eventId] = await emitWebhookEvents(tx, jobs, event.merchantId, event.type, [
    { objectId: event.objectId, object: event.object },
  ]);
  return eventId;
}

/** Rows per INSERT statement (their bind parameters stay far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 500;

/**
 * emitWebhookEvent for many events of one merchant and type at once (a payout batch, a chunk of
 * subscription renewals), in the caller's transaction: the event rows (ids that sort in the given
 * order, so a replay sends them in it), one EVENT delivery per event and subscribed endpoint (event
 * by event: each endpoint gets them in order), one drain job per endpoint. A statement per 500 rows
 * instead of three per event. Returns the event ids in the given order.
 */
export async function emitWebhookEvents(
  tx: DbOrTx,
  jobs: JobQueue,
  merchantId: string,
  type: WebhookEventType,
  events: readonly { objectId: string | null; object: unknown }[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const createdAt = new Date();
  // Random after the millisecond: sorted, they follow the events' order.
  const ids = events.map(() => newId('evt_', createdAt.getTime())).sort();
  const rows = events.map((e, i) =>
    eventRow({ eventId: ids[i], merchantId, type, objectId: e.objectId, object: e.object, createdAt }),
  );
  for (let i = 0; i + INSERT_CHUNK < rows.length; i += INSERT_CHUNK)
    await tx.execute(eventInsert(rows.slice(i, i + INSERT_CHUNK)));
  // The last rows and the endpoints in one round trip (the CTE's insert runs whether or not it is read).
  const endpoints = await typedRows(
    tx,
    { id: webhookEndpoints.id },
    sql`
    WITH ev AS (${eventInsert(rows.slice(Math.floor((rows.length - 1) / INSERT_CHUNK) * INSERT_CHUNK))})
    SELECT id FROM webhook_endpoints
     WHERE merchant_id = ${merchantId} AND enabled AND ${type} = ANY(event_types)
     ORDER BY id
     -- Held until the caller commits: an endpoint deleted meanwhile waits, so the deliveries' foreign key never fails the caller's change.
     FOR KEY SHARE`,
  );
  if (endpoints.length === 0) return ids;
  const deliveries = ids.flatMap((eventId) => endpoints.map((e) => ({ endpointId: e.id, eventId })));
  for (let i = 0; i < deliveries.length; i += INSERT_CHUNK)
    await insertDeliveries(tx, merchantId, deliveries.slice(i, i + INSERT_CHUNK), 'EVENT');
  for (const endpoint of endpoints) await jobs.send(webhookDrainJob, { endpointId: endpoint.id }, { tx });
  return ids;
}

/** One event row's values: the payload is the event as every attempt sends it. */
function eventRow(e: {
  eventId: string;
  merchantId: string;
  type: string;
  objectId: string | null;
  object: unknown;
  createdAt: Date;
}) {
  const at = e.createdAt.toISOString();
  const payload: WebhookPayload = { id: e.eventId, type: e.type, createdAt: at, data: { object: e.object ?? null } };
  return sql`(${e.eventId}, ${e.merchantId}, ${e.type}, ${e.objectId}, ${JSON.stringify(payload)}::jsonb, ${at}::timestamptz)`;
}

const eventInsert = (rows: ReturnType<typeof eventRow>[]) =>
  sql`INSERT INTO webhook_events (id, merchant_id, type, object_id, payload, created_at) VALUES ${sql.join(rows, sql`, `)}`;

/** The event row alone (also the test event's, whose type no endpoint subscribes to). */
export async function insertWebhookEvent(
  tx: DbOrTx,
  event: { merchantId: string; type: string; objectId: string | null; object: unknown },
): Promise<string> {
  const createdAt = new Date();
  const eventId = newId('evt_', createdAt.getTime());
  await tx.execute(eventInsert([eventRow({ ...event, eventId, createdAt })]));
  return eventId;
}

/** PENDING deliveries due now, in the order given (their seq is the order they go out in per endpoint). */
export async function insertDeliveries(
  tx: DbOrTx,
  merchantId: string,
  rows: { endpointId: string; eventId: string }[],
  kind: 'EVENT' | 'TEST' | 'REPLAY',
): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = rows.map(() => newId('whd_'));
  const values = rows.map(
    (r, i) => sql`(${ids[i]}, ${merchantId}, ${r.endpointId}, ${r.eventId}, ${kind}, 'PENDING', now())`,
  );
  await tx.execute(sql`
    INSERT INTO webhook_deliveries (id, merchant_id, endpoint_id, event_id, kind, status, next_attempt_at)
    VALUES ${sql.join(values, sql`, `)}`);
  return ids;
}
