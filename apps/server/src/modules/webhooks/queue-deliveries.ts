import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  WEBHOOK_REPLAY_MAX_DAYS,
  WEBHOOK_TEST_EVENT,
  type ReplayResult,
  type ReplayWebhookEventsRequest,
  type WebhookDeliveryRecord,
} from '@mbo/contracts/integration';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEvents } from '../../db/integration-schema';
import { computed, typedRows, type RowOf } from '../../db/typed-rows';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { readRequiredDateRange } from '../../lib/date-range';
import { deliveryNotFound, readDelivery } from './delivery-log';
import { insertDeliveries, insertWebhookEvent } from './emit-event';
import { lockEndpoint } from './endpoint-record';
import type { WebhookDeps } from './manage-endpoints';
import { webhookDrainJob } from './webhook-jobs';

const disabledEndpoint = () =>
  new AppError(ERROR_CODES.WEBHOOK_ENDPOINT_DISABLED, {
    msg: 'This webhook endpoint is disabled. Enable it first to send it events.',
  });

/** Locks the endpoint (so a delete or disable is ordered with the queuing) and requires it enabled. */
async function enabledEndpoint(tx: DbOrTx, merchantId: string, endpointId: string) {
  const endpoint = await lockEndpoint(tx, merchantId, endpointId);
  if (!endpoint.enabled) throw disabledEndpoint();
  return endpoint;
}

/**
 * A WEBHOOK_TEST_EVENT to one endpoint (kind TEST), signed and logged like any delivery. Answers
 * the queued delivery. Audited.
 */
export async function sendTestEvent(
  deps: WebhookDeps,
  actor: MoneyActor,
  endpointId: string,
): Promise<WebhookDeliveryRecord> {
  const record = await deps.db.transaction(async (tx) => {
    const endpoint = await enabledEndpoint(tx, actor.merchantId, endpointId);
    const eventId = await insertWebhookEvent(tx, {
      merchantId: actor.merchantId,
      type: WEBHOOK_TEST_EVENT,
      objectId: null,
      object: {
        object: 'test',
        message: 'A test event sent from the Merchant Back-office.',
        endpointId,
        url: endpoint.url,
      },
    });
    const [deliveryId] = await insertDeliveries(tx, actor.merchantId, [{ endpointId, eventId }], 'TEST');
    await deps.jobs.send(webhookDrainJob, { endpointId }, { tx });
    await audit(tx, {
      action: 'WEBHOOK_TEST_SENT',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'WEBHOOK_ENDPOINT',
      targetId: endpointId,
      detail: { eventId, deliveryId },
    });
    return readDelivery(tx, actor.merchantId, deliveryId);
  });
  deps.jobs.wake(webhookDrainJob.name);
  return record;
}

const REPLAY_CHUNK = 1000;
/** An event a replay sends, with its instant as text (microseconds kept) for the next chunk's row comparison. */
const REPLAY_EVENT = { id: webhookEvents.id, created_at: computed(String) };

/**
 * Sends again every event of the range (from ≤ created < to, at most WEBHOOK_REPLAY_MAX_DAYS) of
 * the types the endpoint subscribes to now, in their order (kind REPLAY; the same event ids, so the
 * receiver de-duplicates). Test events are never replayed. Audited with the range and the count.
 */
export async function replayEvents(
  deps: WebhookDeps,
  actor: MoneyActor,
  input: ReplayWebhookEventsRequest,
): Promise<ReplayResult> {
  const from = Date.parse(input.createdFrom);
  const to = Date.parse(input.createdTo);
  if (!(from < to))
    throw new AppError(ERROR_CODES.WEBHOOK_REPLAY_RANGE, { msg: 'The replay range must end after it starts.' });
  if (to - from > WEBHOOK_REPLAY_MAX_DAYS * 86_400_000) {
    throw new AppError(ERROR_CODES.WEBHOOK_REPLAY_RANGE, {
      msg: `A replay covers at most ${WEBHOOK_REPLAY_MAX_DAYS} days.`,
    });
  }
  // The instants the SQL compares: read by the one date-range reader (clamped into the years 1 to 9999).
  const range = readRequiredDateRange(input.createdFrom, input.createdTo);
  const fromIso = range.from.at.toISOString();
  const toIso = range.to.at.toISOString();
  const queued = await deps.db.transaction(async (tx) => {
    const endpoint = await enabledEndpoint(tx, actor.merchantId, input.endpointId);
    const types = sql`ARRAY[${sql.join(
      endpoint.eventTypes.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`;
    let count = 0;
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const cursor: { createdAt: string; id: string } | null = after;
      const events: RowOf<typeof REPLAY_EVENT>[] = await typedRows(
        tx,
        REPLAY_EVENT,
        sql`
        SELECT id, created_at::text AS created_at FROM webhook_events
         WHERE merchant_id = ${actor.merchantId} AND created_at >= ${fromIso}::timestamptz AND created_at < ${toIso}::timestamptz
           AND type = ANY(${types})
           ${cursor ? sql`AND (created_at, id) > (${cursor.createdAt}::timestamptz, ${cursor.id})` : sql``}
         ORDER BY created_at, id
         LIMIT ${REPLAY_CHUNK}`,
      );
      if (events.length === 0) break;
      await insertDeliveries(
        tx,
        actor.merchantId,
        events.map((e) => ({ endpointId: input.endpointId, eventId: e.id })),
        'REPLAY',
      );
      count += events.length;
      const last: RowOf<typeof REPLAY_EVENT> = events[events.length - 1];
      after = { createdAt: last.created_at, id: last.id };
      if (events.length < REPLAY_CHUNK) break;
    }
    if (count > 0) await deps.jobs.send(webhookDrainJob, { endpointId: input.endpointId }, { tx });
    await audit(tx, {
      action: 'WEBHOOK_REPLAY',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'WEBHOOK_ENDPOINT',
      targetId: input.endpointId,
      detail: { createdFrom: fromIso, createdTo: toIso, queued: count },
    });
    return count;
  });
  if (queued > 0) deps.jobs.wake(webhookDrainJob.name);
  return { queued };
}

/**
 * Sends a FAILED or PENDING delivery again now: PENDING, due at once, with a drain job. It keeps
 * its attempt count, so a FAILED one gets one more attempt (the backoff schedule does not start
 * over). A SUCCEEDED delivery is not sent again (a replay does that). Audited.
 */
export async function retryDelivery(
  deps: WebhookDeps,
  actor: MoneyActor,
  deliveryId: string,
): Promise<WebhookDeliveryRecord> {
  const record = await deps.db.transaction(async (tx) => {
    const d = webhookDeliveries;
    const ofMerchant = and(eq(d.id, deliveryId), eq(d.merchantId, actor.merchantId));
    const [found] = await tx.select({ endpointId: d.endpointId }).from(d).where(ofMerchant);
    if (!found) throw deliveryNotFound();
    // The endpoint first, then the delivery: the order a delete takes them in (its cascade), so the two never deadlock.
    await enabledEndpoint(tx, actor.merchantId, found.endpointId);
    const [row] = await tx
      .select({ endpointId: d.endpointId, status: d.status })
      .from(d)
      .where(ofMerchant)
      .for('update');
    if (!row) throw deliveryNotFound();
    if (row.status === 'SUCCEEDED') {
      throw new AppError(ERROR_CODES.INVALID_REQUEST, {
        msg: 'This delivery succeeded already. Replay its time range to send the event again.',
      });
    }
    await tx.execute(sql`
      UPDATE webhook_deliveries SET status = 'PENDING', next_attempt_at = now(), finished_at = NULL WHERE id = ${deliveryId}`);
    await deps.jobs.send(webhookDrainJob, { endpointId: row.endpointId }, { tx });
    await audit(tx, {
      action: 'WEBHOOK_DELIVERY_RETRY',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'WEBHOOK_DELIVERY',
      targetId: deliveryId,
      detail: { endpointId: row.endpointId, previousStatus: row.status },
    });
    return readDelivery(tx, actor.merchantId, deliveryId);
  });
  deps.jobs.wake(webhookDrainJob.name);
  return record;
}
