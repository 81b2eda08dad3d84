import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/integration-schema';
import { computed, typedRows, type RowOf } from '../../db/typed-rows';
import { AttemptBuffer } from './attempt-buffer';
import { deliverAttempt } from './deliver-attempt';
import { disableFailingEndpoint } from './disable-endpoint';
import { failureReasonOf } from './failure-reason';
import type { WebhookPayload } from './webhook-payload';
import { openSigningSecrets, signatureHeaders } from './signing';

/** Sends a drain job for the endpoint (the job file passes it in: this module does not import the job). */
export type SendDrainJob = (endpointId: string, startAfterSeconds?: number) => Promise<void>;

/**
 * Deliveries read at once; the endpoint's row is read again with each batch (a rotation or an edit applies from the
 * next).
 */
const BATCH_SIZE = 50;
/**
 * A run takes no new delivery after this long: it hands the rest to a new job, and its lease covers the last attempt.
 */
const RUN_BUDGET_MS = 60_000;
/** Attempt outcomes are written together at most this long after the first (attempt-buffer.ts). */
const WRITE_WINDOW_MS = 250;

/** A due delivery as dueBatch reads it, with its endpoint's URL, secrets and failure streak. */
const DUE_DELIVERY = {
  id: webhookDeliveries.id,
  attempts: webhookDeliveries.attempts,
  payload: webhookEvents.payload,
  url: webhookEndpoints.url,
  secret: webhookEndpoints.secret,
  previous_secret: webhookEndpoints.previousSecret,
  failing_since: webhookEndpoints.failingSince,
  kind: webhookDeliveries.kind,
  event_created_at: webhookEvents.createdAt,
};

/**
 * The lease's end as the database wrote it: releasing is conditioned on it, so a run never releases another run's
 * lease.
 */
async function takeLease(db: Db, endpointId: string, seconds: number): Promise<string | null> {
  // The lease as text: its microseconds are kept for the release's comparison.
  const [row] = await typedRows(
    db,
    { lease: computed(String) },
    sql`
    UPDATE webhook_endpoints SET drain_lease_until = now() + make_interval(secs => ${seconds}::float8)
     WHERE id = ${endpointId} AND enabled AND (drain_lease_until IS NULL OR drain_lease_until < now())
     RETURNING drain_lease_until::text AS lease`,
  );
  return row?.lease ?? null;
}

async function releaseLease(db: Db, endpointId: string, lease: string): Promise<void> {
  await db.execute(
    sql`UPDATE webhook_endpoints SET drain_lease_until = NULL WHERE id = ${endpointId} AND drain_lease_until = ${lease}::timestamptz`,
  );
}

async function hasDue(db: Db, endpointId: string): Promise<boolean> {
  const [row] = await typedRows(
    db,
    { due: computed((v) => v === true) },
    sql`
    SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${endpointId} AND status = 'PENDING' AND next_attempt_at <= now()) AS due`,
  );
  return row.due;
}

async function dueBatch(db: Db, endpointId: string): Promise<RowOf<typeof DUE_DELIVERY>[]> {
  return typedRows(
    db,
    DUE_DELIVERY,
    sql`
    SELECT d.id, d.attempts, e.payload, w.url, w.secret,
           CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous_secret, w.failing_since,
           d.kind, e.created_at AS event_created_at
      FROM webhook_deliveries d
      JOIN webhook_events e ON e.id = d.event_id
      JOIN webhook_endpoints w ON w.id = d.endpoint_id
     WHERE d.endpoint_id = ${endpointId} AND d.status = 'PENDING' AND d.next_attempt_at <= now() AND w.enabled
     ORDER BY d.seq
     LIMIT ${BATCH_SIZE}`,
  );
}

/** The body as sent, in the documented key order (jsonb keeps its own order). */
export function bodyOf(stored: unknown): { id: string; body: string } {
  const p = (typeof stored === 'string' ? JSON.parse(stored) : stored) as WebhookPayload;
  return { id: p.id, body: JSON.stringify({ id: p.id, type: p.type, createdAt: p.createdAt, data: p.data }) };
}

/**
 * Sends the due deliveries of one endpoint (a drain job's work): takes the endpoint's lease (one
 * drainer per endpoint, so the first attempts go out in seq order), sends each due delivery in seq
 * order one at a time, writes the attempts (a few at once: attempt-buffer.ts), schedules a failed
 * one by the backoff (config.webhookRetryDelaysSeconds) with a drain job for then, and marks it
 * FAILED after the last attempt. After releasing the lease it looks again: a delivery queued while it held the lease
 * (its
 * job found the lease taken and ended) is sent too.
 */
export async function drainEndpoint(
  app: FastifyInstance,
  endpointId: string,
  signal: AbortSignal,
  sendDrainJob: SendDrainJob,
): Promise<void> {
  const started = Date.now();
  const leaseSeconds = Math.ceil((RUN_BUDGET_MS + app.config.webhookTimeoutMs) / 1000) + 30;
  for (;;) {
    const lease = await takeLease(app.db, endpointId, leaseSeconds);
    if (!lease) return;
    let outcome: 'drained' | 'stopped';
    try {
      outcome = await sendDue(app, endpointId, { signal, started, sendDrainJob });
    } finally {
      await releaseLease(app.db, endpointId, lease);
    }
    if (outcome === 'stopped' || signal.aborted) return;
    if (!(await hasDue(app.db, endpointId))) return;
    if (Date.now() - started > RUN_BUDGET_MS) {
      await sendDrainJob(endpointId);
      return;
    }
  }
}

interface RunState {
  signal: AbortSignal;
  started: number;
  sendDrainJob: SendDrainJob;
}

async function sendDue(app: FastifyInstance, endpointId: string, run: RunState): Promise<'drained' | 'stopped'> {
  const { config } = app;
  const delays = config.webhookRetryDelaysSeconds;
  const disableAfterMs = config.webhookDisableAfterDays * 86_400_000;
  let buffer: AttemptBuffer | undefined;
  // Retry jobs go out once their deliveries' next_attempt_at is written: one per backoff delay of the window.
  const retryJobs = new Set<number>();
  const flush = async () => {
    await buffer?.flush();
    for (const delay of retryJobs) await run.sendDrainJob(endpointId, delay);
    retryJobs.clear();
  };
  try {
    for (;;) {
      const batch = await dueBatch(app.db, endpointId);
      if (batch.length === 0) return 'drained';
      buffer ??= new AttemptBuffer(app.db, endpointId, batch[0].failing_since, BATCH_SIZE, WRITE_WINDOW_MS);
      for (const delivery of batch) {
        if (run.signal.aborted) return 'stopped';
        // Past the budget: the caller sees due deliveries left and hands them to a new job.
        if (Date.now() - run.started > RUN_BUDGET_MS) return 'drained';
        const attempt = delivery.attempts + 1;
        const { id: eventId, body } = bodyOf(delivery.payload);
        const secrets = openSigningSecrets(app.database.secrets, endpointId, [
          delivery.secret,
          delivery.previous_secret,
        ]);
        const at = new Date();
        const result = await deliverAttempt({
          url: delivery.url,
          headers: signatureHeaders(eventId, body, secrets, at),
          body,
          timeoutMs: config.webhookTimeoutMs,
          allowLoopback: config.webhookAllowHttpLocalhost,
        });
        // The lag of events as they happen: a replay (or a test event) resends an old one on request.
        if (!result.delivered) app.metrics.webhookAttemptFailed(failureReasonOf(result));
        else if (delivery.kind === 'EVENT')
          app.metrics.webhookDelivered((Date.now() - delivery.event_created_at.getTime()) / 1000);
        const retryIn = result.delivered || attempt > delays.length ? null : Math.max(0, delays[attempt - 1]);
        buffer.add({ deliveryId: delivery.id, attempt, at, result, retryIn });
        if (retryIn) retryJobs.add(retryIn);
        const streak = buffer.failingSince;
        if (!result.delivered && streak && Date.now() - streak.getTime() >= disableAfterMs) {
          await flush();
          if (await disableFailingEndpoint(app, endpointId, result.error)) return 'stopped';
        } else if (buffer.full) {
          await flush();
        }
      }
      // The next batch reads what this one wrote.
      await flush();
    }
  } finally {
    await flush();
  }
}

/**
 * The sweep's work (crash recovery): a drain job for every enabled endpoint with a delivery overdue
 * by a minute and no live lease. Returns how many were sent.
 */
export async function sweepOverdueDeliveries(app: FastifyInstance, sendDrainJob: SendDrainJob): Promise<number> {
  const rows = await typedRows(
    app.db,
    { endpoint_id: webhookEndpoints.id },
    sql`
    SELECT w.id AS endpoint_id FROM webhook_endpoints w
     WHERE w.enabled AND (w.drain_lease_until IS NULL OR w.drain_lease_until < now())
       AND EXISTS (SELECT 1 FROM webhook_deliveries d
                    WHERE d.endpoint_id = w.id AND d.status = 'PENDING' AND d.next_attempt_at < now() - interval '1 minute')
     LIMIT 1000`,
  );
  for (const row of rows) await sendDrainJob(row.endpoint_id);
  return rows.length;
}
