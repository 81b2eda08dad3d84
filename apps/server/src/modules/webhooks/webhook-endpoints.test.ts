import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  INTEGRATION_PATHS,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryDetail,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
  type WebhookEventType,
} from '@mbo/contracts/integration';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { auditLog } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { emitWebhookEvent } from './emit-event';
import { createEndpoint, type WebhookDeps } from './manage-endpoints';
import { startReceiver, type TestReceiver } from './test-receiver';

const DEMO = 'M1000001';
const PAYOUTS = 'M2000001';

describe('webhook endpoints and the delivery log (Settings → Integration)', () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let receiver: TestReceiver;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const post = (cookie: string, url: string, payload: unknown) => call(t.app, 'POST', url, { cookie, payload });
  const get = (cookie: string, url: string, query?: Record<string, string>) =>
    call(t.app, 'GET', url, { cookie, query });
  const audits = async (action: string, targetId: string) =>
    t.database.db
      .select({
        actor_email: auditLog.actorEmail,
        merchant_id: auditLog.merchantId,
        ip: auditLog.ip,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
      .orderBy(asc(auditLog.id));
  const create = async (
    eventTypes: WebhookEventType[] = ['payment.succeeded', 'refund.succeeded'],
    url = receiver.url,
  ) => {
    const res = await post(owner, INTEGRATION_PATHS.createEndpoint, { url, eventTypes, description: 'Order system' });
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data as WebhookEndpointRecord;
  };
  const emit = (type: WebhookEventType, objectId: string, merchantId = DEMO) =>
    t.database.db.transaction((tx) =>
      emitWebhookEvent(tx, t.app.jobs, { merchantId, type, objectId, object: { id: objectId } }),
    );
  const deliveries = async (cookie: string, filters: Record<string, unknown> = {}) => {
    const res = await post(cookie, INTEGRATION_PATHS.deliveries, filters);
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data as { total: number; records: WebhookDeliveryRecord[] };
  };
  const counts = async () =>
    (
      await typedRows(
        t.database.db,
        { e: computed(Number), d: computed(Number), w: computed(Number) },
        sql`
      SELECT (SELECT count(*)::int FROM webhook_endpoints) AS e, (SELECT count(*)::int FROM webhook_deliveries) AS d,
             (SELECT count(*)::int FROM audit_log WHERE action LIKE 'WEBHOOK_%') AS w`,
      )
    )[0];

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        webhookAllowHttpLocalhost: true,
        webhookRetryDelaysSeconds: [0, 0, 0, 0, 0, 0, 0],
        webhookTimeoutMs: 30_000,
      },
    });
    owner = await loginAs(t.app, 'owner@demo.test');
    other = await loginAs(t.app, 'payouts@demo.test');
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await exec(sql`DELETE FROM webhook_endpoints`);
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 200, body: 'ok' });
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('creates, lists, shows, changes and deletes an endpoint; every change is audited', async () => {
    const endpoint = await create();
    expect(endpoint).toEqual({
      endpointId: expect.stringMatching(/^we_[0-9A-Z]{17}$/),
      url: receiver.url,
      description: 'Order system',
      eventTypes: ['payment.succeeded', 'refund.succeeded'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      previousSecretExpiresAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      recent: { succeeded: 0, failed: 0, pending: 0 },
    });
    const [created] = await audits('WEBHOOK_ENDPOINT_CREATED', endpoint.endpointId);
    expect(created).toMatchObject({
      actor_email: 'owner@demo.test',
      merchant_id: DEMO,
      detail: { url: receiver.url, eventTypes: endpoint.eventTypes, enabled: true },
    });
    expect(created.ip).toBeTruthy();

    await emit('payment.succeeded', 'pay_list');
    await t.app.jobs.drain();
    const list = await get(owner, INTEGRATION_PATHS.endpoints);
    expect(list.body.data).toEqual([{ ...endpoint, recent: { succeeded: 1, failed: 0, pending: 0 } }]);

    const updated = await post(owner, INTEGRATION_PATHS.updateEndpoint, {
      endpointId: endpoint.endpointId,
      eventTypes: ['dispute.created'],
      description: null,
    });
    expect(updated.body.code, updated.body.msg).toBe('000000');
    expect(updated.body.data).toMatchObject({ eventTypes: ['dispute.created'], description: null, url: receiver.url });
    const [changed] = await audits('WEBHOOK_ENDPOINT_UPDATED', endpoint.endpointId);
    expect(changed.detail).toEqual({
      changes: {
        eventTypes: { from: ['payment.succeeded', 'refund.succeeded'], to: ['dispute.created'] },
        description: { from: 'Order system', to: null },
      },
    });
    const detail = await get(owner, INTEGRATION_PATHS.endpoint, { endpointId: endpoint.endpointId });
    expect(detail.body.data).toMatchObject({ eventTypes: ['dispute.created'] });

    const secret = await post(owner, INTEGRATION_PATHS.endpointSecret, { endpointId: endpoint.endpointId });
    expect(secret.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await audits('WEBHOOK_SECRET_VIEWED', endpoint.endpointId)).toHaveLength(1);

    const deleted = await post(owner, INTEGRATION_PATHS.deleteEndpoint, { endpointId: endpoint.endpointId });
    expect(deleted.body).toMatchObject({ code: '000000', data: { endpointId: endpoint.endpointId } });
    expect(await audits('WEBHOOK_ENDPOINT_DELETED', endpoint.endpointId)).toMatchObject([
      { detail: { url: receiver.url } },
    ]);
    expect((await get(owner, INTEGRATION_PATHS.endpoint, { endpointId: endpoint.endpointId })).body.code).toBe(
      ERROR_CODES.WEBHOOK_ENDPOINT_NOT_FOUND,
    );
    // Its deliveries and attempts went with it.
    expect((await counts()).d).toBe(0);
  });

  it('refuses URLs that are not https or reach a non-public address, at create and update, writing nothing', async () => {
    const before = await counts();
    for (const url of [
      'http://hooks.example.com/x',
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00:ec2::254]/',
      'https://100.64.1.1/',
    ]) {
      const res = await post(owner, INTEGRATION_PATHS.createEndpoint, { url, eventTypes: ['payment.succeeded'] });
      expect(res.body.code, url).toBe(ERROR_CODES.WEBHOOK_URL_REFUSED);
      expect(res.body.msg_params?.isGwErrorMapEnabled).toBe(1);
    }
    const https = await post(owner, INTEGRATION_PATHS.createEndpoint, {
      url: 'http://hooks.example.com/x',
      eventTypes: ['payment.succeeded'],
    });
    expect(https.body.msg).toBe('Webhook URLs must use https:// (http:// only to localhost on a development server).');
    const metadata = await post(owner, INTEGRATION_PATHS.createEndpoint, {
      url: 'https://169.254.169.254/',
      eventTypes: ['payment.succeeded'],
    });
    expect(metadata.body.msg).toBe("The URL's address is not allowed: 169.254.169.254 is a cloud metadata address.");
    expect(await counts()).toEqual(before);

    const endpoint = await create();
    const res = await post(owner, INTEGRATION_PATHS.updateEndpoint, {
      endpointId: endpoint.endpointId,
      url: 'https://192.168.0.10/hook',
    });
    expect(res.body.code).toBe(ERROR_CODES.WEBHOOK_URL_REFUSED);
    expect((await get(owner, INTEGRATION_PATHS.endpoint, { endpointId: endpoint.endpointId })).body.data.url).toBe(
      receiver.url,
    );
  });

  it('without the development flag refuses localhost and loopback too, and a name that resolves to a private address', async () => {
    const actor = { merchantId: DEMO, userId: null, email: 'owner@demo.test', ip: '127.0.0.1' };
    const prod: WebhookDeps = {
      db: t.database.db,
      jobs: t.app.jobs,
      allowLoopback: false,
      resolve: async () => [{ address: '10.20.30.40', family: 4 }],
      secrets: t.database.secrets,
    };
    const refused = async (url: string) => {
      const err = await createEndpoint(prod, actor, { url, eventTypes: ['payment.succeeded'] }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, url).toMatchObject({ code: ERROR_CODES.WEBHOOK_URL_REFUSED });
      return (err as Error).message;
    };
    expect(await refused('https://localhost/hooks')).toBe(
      "The URL's address is not allowed: localhost is this server.",
    );
    expect(await refused('http://localhost:4000/hooks')).toMatch(/must use https/);
    expect(await refused(receiver.url)).toMatch(/must use https/);
    expect(await refused('https://[::1]/')).toBe("The URL's address is not allowed: ::1 is a loopback address.");
    expect(await refused('https://127.0.0.1/')).toMatch(/loopback/);
    expect(await refused('https://internal.example.com/hooks')).toBe(
      "The URL's address is not allowed: internal.example.com resolves to 10.20.30.40, a private address.",
    );
    expect((await counts()).e).toBe(0);
    // A public answer passes.
    const ok = await createEndpoint(
      { ...prod, resolve: async () => [{ address: '93.184.216.34', family: 4 }] },
      actor,
      { url: 'https://hooks.example.com/x', eventTypes: ['payment.succeeded'] },
    );
    expect(ok.url).toBe('https://hooks.example.com/x');
  });

  it(`keeps at most ${MAX_WEBHOOK_ENDPOINTS} endpoints per merchant`, async () => {
    const results = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 3 }, (_, i) =>
        post(owner, INTEGRATION_PATHS.createEndpoint, {
          url: `${receiver.url}/${i}`,
          eventTypes: ['payment.succeeded'],
        }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === '000000')).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(codes.filter((c) => c === ERROR_CODES.WEBHOOK_ENDPOINT_LIMIT)).toHaveLength(3);
    expect((await counts()).e).toBe(MAX_WEBHOOK_ENDPOINTS);
  });

  it('sends a signed test event (kind TEST), audited; a disabled endpoint is not sent one', async () => {
    const endpoint = await create();
    const secret = (await post(owner, INTEGRATION_PATHS.endpointSecret, { endpointId: endpoint.endpointId })).body.data
      .secret as string;
    const res = await post(owner, INTEGRATION_PATHS.sendTestEvent, { endpointId: endpoint.endpointId });
    expect(res.body.code, res.body.msg).toBe('000000');
    const queued = res.body.data as WebhookDeliveryRecord;
    expect(queued).toMatchObject({
      kind: 'TEST',
      status: 'PENDING',
      eventType: WEBHOOK_TEST_EVENT,
      endpointId: endpoint.endpointId,
      attempts: 0,
    });
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(1);
    const sent = new Webhook(secret).verify(receiver.received[0].body, receiver.received[0].headers) as {
      id: string;
      type: string;
    };
    expect(sent).toMatchObject({
      id: queued.eventId,
      type: 'webhook.test',
      data: { object: { object: 'test', endpointId: endpoint.endpointId } },
    });
    const detail = (await get(owner, INTEGRATION_PATHS.delivery, { deliveryId: queued.deliveryId })).body
      .data as WebhookDeliveryDetail;
    expect(detail).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 1,
      attemptLog: [{ attempt: 1, statusCode: 200, responseBody: 'ok', error: null }],
    });
    expect(await audits('WEBHOOK_TEST_SENT', endpoint.endpointId)).toMatchObject([
      { actor_email: 'owner@demo.test', detail: { deliveryId: queued.deliveryId } },
    ]);

    await post(owner, INTEGRATION_PATHS.updateEndpoint, { endpointId: endpoint.endpointId, enabled: false });
    const off = await post(owner, INTEGRATION_PATHS.sendTestEvent, { endpointId: endpoint.endpointId });
    expect(off.body.code).toBe(ERROR_CODES.WEBHOOK_ENDPOINT_DISABLED);
  });

  it('replays the events of a time range the endpoint subscribes to, with their own ids, in order (kind REPLAY)', async () => {
    // The range starts at the database's time now (to the ms, as the API takes it): the events below are
    // written later, at or after it. The earlier tests' events are moved a second back, out of it.
    await exec(sql`UPDATE webhook_events SET created_at = created_at - interval '1 second'`);
    const [{ ms }] = await typedRows(
      t.database.db,
      { ms: computed(Number) },
      sql`SELECT floor(extract(epoch FROM now()) * 1000)::bigint AS ms`,
    );
    const from = new Date(ms).toISOString();
    const old = await emit('payment.succeeded', 'pay_old');
    await exec(sql`UPDATE webhook_events SET created_at = now() - interval '3 days' WHERE id = ${old}`);
    const ids = [
      await emit('payment.succeeded', 'pay_r1'),
      await emit('refund.succeeded', 'ref_r1'),
      await emit('payment.failed', 'pay_r2'),
      await emit('payment.succeeded', 'pay_r3'),
    ];
    const foreign = await emit('payment.succeeded', 'pay_other', PAYOUTS);
    await t.app.jobs.drain();
    const endpoint = await create(['payment.succeeded', 'refund.succeeded']);
    const to = new Date(Date.now() + 60_000).toISOString();

    const res = await post(owner, INTEGRATION_PATHS.replay, {
      endpointId: endpoint.endpointId,
      createdFrom: from,
      createdTo: to,
    });
    expect(res.body).toMatchObject({ code: '000000', msg: '3 events queued', data: { queued: 3 } });
    await t.app.jobs.drain();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([ids[0], ids[1], ids[3]]);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).not.toContain(foreign);
    const log = await deliveries(owner, { endpointId: endpoint.endpointId });
    expect(log.records.map((r) => [r.kind, r.status])).toEqual([
      ['REPLAY', 'SUCCEEDED'],
      ['REPLAY', 'SUCCEEDED'],
      ['REPLAY', 'SUCCEEDED'],
    ]);
    expect(await audits('WEBHOOK_REPLAY', endpoint.endpointId)).toMatchObject([
      { detail: { queued: 3, createdFrom: from, createdTo: to } },
    ]);

    const long = await post(owner, INTEGRATION_PATHS.replay, {
      endpointId: endpoint.endpointId,
      createdFrom: new Date(Date.now() - 32 * 86_400_000).toISOString(),
      createdTo: to,
    });
    expect(long.body).toMatchObject({
      code: ERROR_CODES.WEBHOOK_REPLAY_RANGE,
      msg: 'A replay covers at most 31 days.',
    });
    const reversed = await post(owner, INTEGRATION_PATHS.replay, {
      endpointId: endpoint.endpointId,
      createdFrom: to,
      createdTo: from,
    });
    expect(reversed.body.code).toBe(ERROR_CODES.WEBHOOK_REPLAY_RANGE);
  });

  it('retries a FAILED delivery by hand (one more attempt), audited; a delivered one is not sent again', async () => {
    receiver.answer = () => ({ status: 500, body: 'broken' });
    const endpoint = await create();
    const eventId = await emit('payment.succeeded', 'pay_retry');
    await t.app.jobs.drain();
    const [failed] = (await deliveries(owner, { endpointId: endpoint.endpointId })).records;
    expect(failed).toMatchObject({
      eventId,
      status: 'FAILED',
      attempts: 8,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: null,
    });

    receiver.answer = () => ({ status: 202, body: 'accepted' });
    const res = await post(owner, INTEGRATION_PATHS.retryDelivery, { deliveryId: failed.deliveryId });
    expect(res.body.code, res.body.msg).toBe('000000');
    expect(res.body.data).toMatchObject({ status: 'PENDING', attempts: 8, finishedAt: null });
    await t.app.jobs.drain();
    const detail = (await get(owner, INTEGRATION_PATHS.delivery, { deliveryId: failed.deliveryId })).body
      .data as WebhookDeliveryDetail;
    expect(detail).toMatchObject({ status: 'SUCCEEDED', attempts: 9, lastStatusCode: 202 });
    expect(detail.attemptLog).toHaveLength(9);
    expect(detail.attemptLog[8]).toMatchObject({ attempt: 9, statusCode: 202, responseBody: 'accepted' });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(Array(9).fill(eventId));
    expect(await audits('WEBHOOK_DELIVERY_RETRY', failed.deliveryId)).toMatchObject([
      { actor_email: 'owner@demo.test', detail: { previousStatus: 'FAILED' } },
    ]);

    const again = await post(owner, INTEGRATION_PATHS.retryDelivery, { deliveryId: failed.deliveryId });
    expect(again.body.code).toBe(ERROR_CODES.INVALID_REQUEST);
    expect(again.body.msg).toMatch(/succeeded already/);
  });

  it('filters the delivery log by endpoint, status, kind, event type, dates and an exact event or delivery id', async () => {
    const a = await create(['payment.succeeded']);
    const b = await create(['refund.succeeded'], `${receiver.url}/b`);
    const pay = await emit('payment.succeeded', 'pay_f');
    const refund = await emit('refund.succeeded', 'ref_f');
    await t.app.jobs.drain();
    await post(owner, INTEGRATION_PATHS.sendTestEvent, { endpointId: b.endpointId });
    await t.app.jobs.drain();

    const all = await deliveries(owner);
    expect(all.total).toBe(3);
    expect(all.records.map((r) => r.eventType)).toEqual([WEBHOOK_TEST_EVENT, 'refund.succeeded', 'payment.succeeded']);
    expect((await deliveries(owner, { sort: 'createdAt:asc' })).records.map((r) => r.eventType)).toEqual([
      'payment.succeeded',
      'refund.succeeded',
      WEBHOOK_TEST_EVENT,
    ]);
    expect((await deliveries(owner, { endpointId: a.endpointId })).records.map((r) => r.eventId)).toEqual([pay]);
    expect((await deliveries(owner, { kind: ['TEST'] })).records.map((r) => r.endpointId)).toEqual([b.endpointId]);
    expect((await deliveries(owner, { eventType: ['refund.succeeded'] })).records.map((r) => r.eventId)).toEqual([
      refund,
    ]);
    expect((await deliveries(owner, { status: ['FAILED'] })).total).toBe(0);
    expect((await deliveries(owner, { status: ['SUCCEEDED'] })).total).toBe(3);
    expect((await deliveries(owner, { keyword: refund })).records.map((r) => r.eventId)).toEqual([refund]);
    expect((await deliveries(owner, { keyword: all.records[2].deliveryId })).records.map((r) => r.eventId)).toEqual([
      pay,
    ]);
    expect((await deliveries(owner, { keyword: refund.slice(0, 10) })).total).toBe(0);
    expect((await deliveries(owner, { createdFrom: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    expect((await deliveries(owner, { createdTo: new Date(Date.now() - 86_400_000).toISOString() })).total).toBe(0);
    const page = await deliveries(owner, { pageSize: 2, pageNum: 2 });
    expect(page).toMatchObject({ total: 3, records: [{ eventId: pay }] });
    expect(page.records[0]).toMatchObject({
      endpointUrl: receiver.url,
      kind: 'EVENT',
      status: 'SUCCEEDED',
      attempts: 1,
      lastStatusCode: 200,
    });
  });

  it("answers another merchant's ids as not found and writes nothing", async () => {
    const endpoint = await create();
    await emit('payment.succeeded', 'pay_x');
    await t.app.jobs.drain();
    const [delivery] = (await deliveries(owner)).records;
    const before = await counts();
    const endpointId = endpoint.endpointId;
    expect((await get(other, INTEGRATION_PATHS.endpoints)).body.data).toEqual([]);
    expect((await deliveries(other)).total).toBe(0);
    expect((await deliveries(other, { keyword: delivery.eventId })).total).toBe(0);
    expect((await get(other, INTEGRATION_PATHS.endpoint, { endpointId })).body.code).toBe(
      ERROR_CODES.WEBHOOK_ENDPOINT_NOT_FOUND,
    );
    for (const [url, payload] of [
      [INTEGRATION_PATHS.updateEndpoint, { endpointId, enabled: false }],
      [INTEGRATION_PATHS.deleteEndpoint, { endpointId }],
      [INTEGRATION_PATHS.endpointSecret, { endpointId }],
      [INTEGRATION_PATHS.rotateSecret, { endpointId }],
      [INTEGRATION_PATHS.sendTestEvent, { endpointId }],
      [
        INTEGRATION_PATHS.replay,
        { endpointId, createdFrom: new Date(Date.now() - 3600_000).toISOString(), createdTo: new Date().toISOString() },
      ],
    ] as const) {
      expect((await post(other, url, payload)).body.code, url).toBe(ERROR_CODES.WEBHOOK_ENDPOINT_NOT_FOUND);
    }
    expect((await get(other, INTEGRATION_PATHS.delivery, { deliveryId: delivery.deliveryId })).body.code).toBe(
      ERROR_CODES.WEBHOOK_DELIVERY_NOT_FOUND,
    );
    expect((await post(other, INTEGRATION_PATHS.retryDelivery, { deliveryId: delivery.deliveryId })).body.code).toBe(
      ERROR_CODES.WEBHOOK_DELIVERY_NOT_FOUND,
    );
    expect(await counts()).toEqual(before);
    expect((await get(owner, INTEGRATION_PATHS.endpoint, { endpointId })).body.data).toMatchObject({ enabled: true });
  });

  it('lets finance and viewer roles neither read nor change webhooks (430)', async () => {
    const endpoint = await create();
    for (const email of ['finance@demo.test', 'viewer@demo.test']) {
      const cookie = await loginAs(t.app, email);
      expect((await get(cookie, INTEGRATION_PATHS.endpoints)).status, email).toBe(430);
      expect((await post(cookie, INTEGRATION_PATHS.deliveries, {})).status).toBe(430);
      expect(
        (await post(cookie, INTEGRATION_PATHS.createEndpoint, { url: receiver.url, eventTypes: ['payment.succeeded'] }))
          .status,
      ).toBe(430);
      const denied = await post(cookie, INTEGRATION_PATHS.endpointSecret, { endpointId: endpoint.endpointId });
      expect(denied.status).toBe(430);
      expect(denied.body.code).toBe(ERROR_CODES.PERMISSION_DENIED);
    }
    expect(await audits('WEBHOOK_SECRET_VIEWED', endpoint.endpointId)).toHaveLength(0);
  });
});
