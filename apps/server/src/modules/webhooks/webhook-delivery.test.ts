import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  INTEGRATION_PATHS,
  type WebhookDeliveryDetail,
  type WebhookEndpointRecord,
  type WebhookEventType,
} from '@mbo/contracts/integration';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/integration-schema';
import { auditLog } from '../../db/schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { emitWebhookEvent } from './emit-event';
import { startReceiver, type Answer, type TestReceiver } from './test-receiver';

const DEMO = 'M1000001';

describe('webhook delivery (outbox, signing, retries, order, rotation, disabling)', () => {
  let t: TestApp;
  let owner: string;
  const receivers: TestReceiver[] = [];
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const post = (url: string, payload: unknown) => call(t.app, 'POST', url, { cookie: owner, payload });

  beforeAll(async () => {
    // A long attempt timeout: on PGlite (in-process) a burst of queries can hold the event loop for seconds, which a
    // short deadline would count as the receiver's delay (the timeout itself is proved in deliver-attempt.test.ts).
    t = await createTestApp({
      config: {
        webhookAllowHttpLocalhost: true,
        webhookRetryDelaysSeconds: [0, 0, 0, 0, 0, 0, 0],
        webhookTimeoutMs: 30_000,
      },
    });
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterEach(async () => {
    // Each test's endpoints only: events of the next test go to its own receivers.
    await exec(sql`DELETE FROM webhook_endpoints`);
    for (const r of receivers.splice(0)) await r.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function receiverWithEndpoint(
    answer?: (n: number) => Answer,
    eventTypes: WebhookEventType[] = ['payment.succeeded'],
  ) {
    const receiver = await startReceiver(answer);
    receivers.push(receiver);
    const res = await post(INTEGRATION_PATHS.createEndpoint, { url: receiver.url, eventTypes });
    expect(res.body.code, res.body.msg).toBe('000000');
    const endpoint = res.body.data as WebhookEndpointRecord;
    const secret = await post(INTEGRATION_PATHS.endpointSecret, { endpointId: endpoint.endpointId });
    return { receiver, endpoint, secret: secret.body.data.secret as string };
  }
  const emit = (objectId: string, type: WebhookEventType = 'payment.succeeded') =>
    t.database.db.transaction((tx) =>
      emitWebhookEvent(tx, t.app.jobs, {
        merchantId: DEMO,
        type,
        objectId,
        object: { id: objectId, object: 'payment', amount: 1299 },
      }),
    );
  const deliveriesOf = async (endpointId: string) =>
    t.database.db
      .select({
        id: webhookDeliveries.id,
        event_id: webhookDeliveries.eventId,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(asc(webhookDeliveries.seq));
  const endpointRow = async (endpointId: string) => {
    const [row] = await t.database.db
      .select({
        failing_since: webhookEndpoints.failingSince,
        enabled: webhookEndpoints.enabled,
        disabled_reason: webhookEndpoints.disabledReason,
      })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    return row;
  };
  const detail = async (deliveryId: string) => {
    const res = await call(t.app, 'GET', INTEGRATION_PATHS.delivery, { cookie: owner, query: { deliveryId } });
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data as WebhookDeliveryDetail;
  };

  it('sends the event signed by Standard Webhooks: webhook-id is the event id and the library verifies the body', async () => {
    const { receiver, endpoint, secret } = await receiverWithEndpoint();
    const eventId = await emit('pay_1');
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got.headers['webhook-id']).toBe(eventId);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const verified = new Webhook(secret).verify(got.body, got.headers) as Record<string, unknown>;
    expect(verified).toEqual({
      id: eventId,
      type: 'payment.succeeded',
      createdAt: expect.any(String),
      data: { object: { id: 'pay_1', object: 'payment', amount: 1299 } },
    });
    expect(Object.keys(JSON.parse(got.body))).toEqual(['id', 'type', 'createdAt', 'data']);
    const [delivery] = await deliveriesOf(endpoint.endpointId);
    expect(delivery).toMatchObject({ event_id: eventId, status: 'SUCCEEDED', attempts: 1 });
  });

  it('emits nothing from a transaction that rolls back: no event, no delivery, no request', async () => {
    const { receiver, endpoint } = await receiverWithEndpoint();
    let eventId = '';
    await expect(
      t.database.db.transaction(async (tx) => {
        eventId = await emitWebhookEvent(tx, t.app.jobs, {
          merchantId: DEMO,
          type: 'payment.succeeded',
          objectId: 'pay_rb',
          object: { id: 'pay_rb' },
        });
        throw new Error('the payment failed after the event');
      }),
    ).rejects.toThrow('the payment failed');
    await t.app.jobs.drain();
    expect(eventId).toMatch(/^evt_[0-9A-Z]{17}$/);
    expect(
      await t.database.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, eventId)),
    ).toHaveLength(0);
    expect(await deliveriesOf(endpoint.endpointId)).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
  });

  it('retries a 500 three times, then a 200: 4 attempts in the log, delivered once, the same webhook-id each time', async () => {
    const { receiver, endpoint } = await receiverWithEndpoint((n) =>
      n < 3 ? { status: 500, body: `down ${n}` } : { status: 200, body: 'thanks' },
    );
    const eventId = await emit('pay_retry');
    await t.app.jobs.drain();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId, eventId, eventId]);
    const [delivery] = await deliveriesOf(endpoint.endpointId);
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attempts: 4 });
    const d = await detail(delivery.id);
    expect(d.attemptLog.map((a) => [a.attempt, a.statusCode, a.responseBody, a.error])).toEqual([
      [1, 500, 'down 0', 'HTTP 500'],
      [2, 500, 'down 1', 'HTTP 500'],
      [3, 500, 'down 2', 'HTTP 500'],
      [4, 200, 'thanks', null],
    ]);
    for (const a of d.attemptLog) {
      expect(a.durationMs).toBeGreaterThanOrEqual(0);
      expect(Number.isNaN(Date.parse(a.attemptedAt))).toBe(false);
    }
    expect(d).toMatchObject({
      status: 'SUCCEEDED',
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      eventType: 'payment.succeeded',
      kind: 'EVENT',
    });
    expect(d.payload).toMatchObject({ id: eventId, data: { object: { id: 'pay_retry' } } });
    // The streak of failures ended with the delivered attempt.
    const row = await endpointRow(endpoint.endpointId);
    expect(row.failing_since).toBeNull();
  });

  it('marks a delivery FAILED after the last of the 8 attempts and schedules nothing more', async () => {
    const { receiver, endpoint } = await receiverWithEndpoint(() => ({ status: 503 }));
    await emit('pay_dead');
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(8);
    const [delivery] = await t.database.db
      .select({
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        next_attempt_at: webhookDeliveries.nextAttemptAt,
        finished_at: webhookDeliveries.finishedAt,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.endpointId));
    expect(delivery).toMatchObject({ status: 'FAILED', attempts: 8, next_attempt_at: null });
    expect(delivery.finished_at).not.toBeNull();
    const ep = await endpointRow(endpoint.endpointId);
    expect(ep.failing_since).not.toBeNull();
    expect(ep.enabled).toBe(true);
  });

  it('delivers every event exactly once, in the order emitted, to a receiver that fails the first request', async () => {
    const { receiver, endpoint } = await receiverWithEndpoint((n) => (n === 0 ? { status: 500 } : { status: 200 }));
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await emit(`pay_order_${i}`));
    await t.app.jobs.drain();
    const delivered = receiver.received.slice(1).map((r) => r.headers['webhook-id']);
    expect([...delivered].sort()).toEqual([...ids].sort());
    expect(new Set(delivered).size).toBe(20);
    // The failed first one came again after the others; the rest went out in emission order.
    expect(receiver.received[0].headers['webhook-id']).toBe(ids[0]);
    expect(delivered.filter((id) => id !== ids[0])).toEqual(ids.slice(1));
    const rows = await deliveriesOf(endpoint.endpointId);
    expect(rows.every((r) => r.status === 'SUCCEEDED')).toBe(true);
    expect(rows.map((r) => r.event_id)).toEqual(ids);
  });

  it('sends each endpoint its events in the order they were committed while the workers drain as they come in', async () => {
    const a = await receiverWithEndpoint();
    const b = await receiverWithEndpoint();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(await emit(`pay_stream_${i}`));
      // Committed: the workers start at once (as a caller does after its commit), draining while the next events come
      // in.
      t.app.jobs.wake();
    }
    await t.app.jobs.drain();
    expect(a.receiver.received.map((r) => r.headers['webhook-id'])).toEqual(ids);
    expect(b.receiver.received.map((r) => r.headers['webhook-id'])).toEqual(ids);
  });

  it("delivers a burst of concurrent transactions' events exactly once to each endpoint", async () => {
    const a = await receiverWithEndpoint();
    const b = await receiverWithEndpoint();
    const ids: string[] = [];
    for (let batch = 0; batch < 4; batch++) {
      ids.push(...(await Promise.all(Array.from({ length: 8 }, (_, i) => emit(`pay_burst_${batch}_${i}`)))));
      t.app.jobs.wake();
    }
    await t.app.jobs.drain();
    for (const { receiver } of [a, b]) {
      const got = receiver.received.map((r) => r.headers['webhook-id']);
      expect(got).toHaveLength(32);
      expect([...got].sort()).toEqual([...ids].sort());
    }
  });

  it('sends only the types an endpoint subscribes to, and nothing to a disabled endpoint', async () => {
    const refunds = await receiverWithEndpoint(undefined, ['refund.succeeded']);
    const off = await receiverWithEndpoint(undefined, ['payment.succeeded']);
    expect(
      (await post(INTEGRATION_PATHS.updateEndpoint, { endpointId: off.endpoint.endpointId, enabled: false })).body.code,
    ).toBe('000000');
    await emit('pay_x', 'payment.succeeded');
    const refundEvent = await emit('ref_x', 'refund.succeeded');
    await t.app.jobs.drain();
    expect(refunds.receiver.received.map((r) => r.headers['webhook-id'])).toEqual([refundEvent]);
    expect(off.receiver.received).toHaveLength(0);
    expect(await deliveriesOf(off.endpoint.endpointId)).toHaveLength(0);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const { receiver, endpoint, secret: oldSecret } = await receiverWithEndpoint();
    const rotated = await post(INTEGRATION_PATHS.rotateSecret, { endpointId: endpoint.endpointId });
    expect(rotated.body.code, rotated.body.msg).toBe('000000');
    const newSecret = rotated.body.data.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const expires = Date.parse(rotated.body.data.previousSecretExpiresAt);
    expect(Math.abs(expires - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);

    await emit('pay_rot_1');
    await t.app.jobs.drain();
    const both = receiver.received[0];
    expect(both.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(newSecret).verify(both.body, both.headers)).toMatchObject({ type: 'payment.succeeded' });
    expect(new Webhook(oldSecret).verify(both.body, both.headers)).toMatchObject({ type: 'payment.succeeded' });

    // 24 hours later the old secret no longer signs.
    await exec(
      sql`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 minute' WHERE id = ${endpoint.endpointId}`,
    );
    await emit('pay_rot_2');
    await t.app.jobs.drain();
    const one = receiver.received[1];
    expect(one.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(new Webhook(newSecret).verify(one.body, one.headers)).toMatchObject({ type: 'payment.succeeded' });
    expect(() => new Webhook(oldSecret).verify(one.body, one.headers)).toThrow();
    const shown = await post(INTEGRATION_PATHS.endpointSecret, { endpointId: endpoint.endpointId });
    expect(shown.body.data).toEqual({ secret: newSecret, previousSecretExpiresAt: null });
  });

  it('disables an endpoint failing for days, audited, and mails the merchant owners; it gets nothing more until enabled', async () => {
    let healthy = false;
    const { receiver, endpoint } = await receiverWithEndpoint(() =>
      healthy ? { status: 200 } : { status: 500, body: 'still broken' },
    );
    await exec(
      sql`UPDATE webhook_endpoints SET failing_since = now() - interval '4 days' WHERE id = ${endpoint.endpointId}`,
    );
    const since = t.smtp.messages.length;
    await emit('pay_fail');
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(1);
    const [ep] = await t.database.db
      .select({ enabled: webhookEndpoints.enabled, disabled_reason: webhookEndpoints.disabledReason })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.endpointId));
    expect(ep).toEqual({ enabled: false, disabled_reason: 'FAILING' });
    const audits = await t.database.db
      .select({ merchant_id: auditLog.merchantId, outcome: auditLog.outcome, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'WEBHOOK_ENDPOINT_DISABLED'), eq(auditLog.targetId, endpoint.endpointId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      merchant_id: DEMO,
      outcome: 'SUCCESS',
      detail: { reason: 'FAILING', url: receiver.url, lastError: 'HTTP 500' },
    });
    const mail = await t.smtp.waitFor('owner@demo.test', since);
    expect(mail.subject).toBe(`Webhook endpoint disabled: ${receiver.url}`);
    expect(mail.text).toContain('have failed for 4 days, so we disabled it');
    expect(mail.text).toContain('http://localhost:8080/app/settings/integration');
    const record = (
      await call(t.app, 'GET', INTEGRATION_PATHS.endpoint, {
        cookie: owner,
        query: { endpointId: endpoint.endpointId },
      })
    ).body.data as WebhookEndpointRecord;
    expect(record).toMatchObject({ enabled: false, disabledReason: 'FAILING' });

    // The delivery waits (PENDING) while the endpoint is off; enabling it again sends it and clears the streak.
    await emit('pay_while_off');
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(1);
    healthy = true;
    const enabled = await post(INTEGRATION_PATHS.updateEndpoint, { endpointId: endpoint.endpointId, enabled: true });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(2);
    expect((await deliveriesOf(endpoint.endpointId)).map((d) => d.status)).toEqual(['SUCCEEDED']);
  });

  it('a drain job for an endpoint another run holds ends at once; the holder picks up what came meanwhile', async () => {
    const { receiver, endpoint } = await receiverWithEndpoint();
    // Another run holds the lease: the event's job ends without sending.
    await exec(
      sql`UPDATE webhook_endpoints SET drain_lease_until = now() + interval '1 hour' WHERE id = ${endpoint.endpointId}`,
    );
    await emit('pay_leased');
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(0);
    // The lease ends (the holder released or died): the sweep finds the overdue delivery and sends a drain job.
    await exec(sql`UPDATE webhook_endpoints SET drain_lease_until = NULL WHERE id = ${endpoint.endpointId}`);
    await exec(
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '5 minutes' WHERE endpoint_id = ${endpoint.endpointId}`,
    );
    const { sweepOverdueDeliveries } = await import('./drain-endpoint');
    const { drainJobSender } = await import('./webhook-jobs');
    expect(await sweepOverdueDeliveries(t.app, drainJobSender(t.app))).toBe(1);
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(1);
    expect(await sweepOverdueDeliveries(t.app, drainJobSender(t.app))).toBe(0);
  });
});
