import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { INTEGRATION_PATHS } from '@mbo/contracts/integration';
import { call, createSecondApp, createTestApp, loginAs, type TestApp } from './test/harness';
import { emitWebhookEvent } from './modules/webhooks';
import { startReceiver, type TestReceiver } from './modules/webhooks/test-receiver';
import { waitForExport } from './modules/reports/reports-test-helpers';
import { METRICS_PATH } from './plugins/metrics';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const DEMO = 'M1000001';

/** One sample of the Prometheus text: its value, or undefined when the series with these labels is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => got[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** GET on the metrics listener (plain node:http, as a scraper does). */
function scrapeListener(port: number, path: string): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            type: String(res.headers['content-type']),
          }),
        );
      })
      .on('error', reject);
  });
}

describe('metrics (Prometheus text, never public)', () => {
  let t: TestApp;
  let receiver: TestReceiver;
  let port: number;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        metrics: { port: 0, host: '127.0.0.1', token: TOKEN },
        webhookAllowHttpLocalhost: true,
        // A failed attempt is retried at once, so the drain below sees the delivery through.
        webhookRetryDelaysSeconds: [0, 0, 0, 0, 0, 0, 0],
      },
    });
    port = t.app.metricsListener.address()!.port;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('answers the right token on the main port; a missing or wrong one gets the answer of an unknown route', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-call' });
    // The very answer of an unknown route: status, headers and envelope, apart from the path and the request id.
    const shape = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, path: string) => ({
      status: res.statusCode,
      type: res.headers['content-type'],
      cache: res.headers['cache-control'],
      body: res.body.replaceAll(path, '<path>').replace(String(res.headers['x-request-id']), '<id>'),
    });
    const asUnknown = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) =>
      expect(shape(res, METRICS_PATH)).toEqual(shape(unknown, '/no-such-call'));
    asUnknown(await t.app.inject({ method: 'GET', url: METRICS_PATH }));
    asUnknown(await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: 'Bearer wrong' } }));
    asUnknown(await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Basic ${TOKEN}` } }));
    asUnknown(await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}x` } }));
    const right = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.body).toMatch(/^# HELP /m);
  });

  it('serves /metrics alone on the metrics listener, with the default process metrics', async () => {
    const res = await scrapeListener(port, METRICS_PATH);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(res.body, 'process_start_time_seconds')).toBeGreaterThan(0);
    expect(sample(res.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // Nothing else of the app is reachable there, not even the health checks or the login.
    for (const path of ['/healthz', '/usercenter/web/v1/login', '/', '/metrics/x', '/app/']) {
      expect((await scrapeListener(port, path)).status, path).toBe(404);
    }
  });

  it('finds every series after some traffic, with bounded labels', async () => {
    // A refused login (and the failure counter), a list call, an id in a path, an unknown route.
    const wrong = await call(t.app, 'POST', '/usercenter/web/v1/login', {
      payload: { email: 'viewer@demo.test', password: 'Not-the-password-2026' },
    });
    expect(wrong.body.code).not.toBe('000000');
    const owner = await loginAs(t.app, 'owner@demo.test');
    const list = await call(t.app, 'POST', '/acquiring/web/v1/refund/list', {
      cookie: owner,
      payload: { pageNum: 1, pageSize: 10 },
    });
    expect(list.body.code, list.body.msg).toBe('000000');
    await t.app.inject({ method: 'GET', url: '/api/v1/payments/pay_SECRETID12345' });
    await t.app.inject({ method: 'GET', url: '/no/such/call/CUST-998877' });

    // An export run.
    const created = await call(t.app, 'POST', REPORT_PATHS.create, {
      cookie: owner,
      payload: {
        type: 'REFUNDS',
        format: 'CSV',
        timeZone: 'UTC',
        createdFrom: '2024-01-01T00:00:00.000Z',
        createdTo: '2024-01-02T00:00:00.000Z',
      },
    });
    expect(created.body.code, created.body.msg).toBe('000000');
    expect((await waitForExport(t.app, owner, created.body.data.exportId)).status).toBe('SUCCESS');

    // A webhook delivered, and one attempt refused by its receiver.
    const endpoint = await call(t.app, 'POST', INTEGRATION_PATHS.createEndpoint, {
      cookie: owner,
      payload: { url: receiver.url, eventTypes: ['payment.succeeded'] },
    });
    expect(endpoint.body.code, endpoint.body.msg).toBe('000000');
    receiver.answer = (n) => ({ status: n === 0 ? 503 : 200 });
    await t.database.db.transaction((tx) =>
      emitWebhookEvent(tx, t.app.jobs, {
        merchantId: DEMO,
        type: 'payment.succeeded',
        objectId: 'pay_metrics_1',
        object: { id: 'pay_metrics_1', object: 'payment', amount: 1299 },
      }),
    );
    t.app.jobs.wake();
    await t.app.jobs.drain();

    const text = await scrape();
    // HTTP: by route template, method and status; an id never becomes a label.
    expect(
      sample(text, 'mbo_http_request_duration_seconds_count', {
        route: '/acquiring/web/v1/refund/list',
        method: 'POST',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'mbo_http_request_duration_seconds_count', { route: '/api/v1/payments/:id', method: 'GET' }),
    ).toBe(1);
    expect(
      sample(text, 'mbo_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('SECRETID12345');
    expect(text).not.toContain('CUST-998877');
    // Scrapes of the main port are not timed.
    expect(text).not.toContain('route="/metrics"');

    // The pool (PostgreSQL only: PGlite has none).
    if (t.kind === 'postgres') {
      expect(sample(text, 'mbo_db_pool_connections', { pool: 'primary' })).toBeGreaterThanOrEqual(1);
      for (const name of ['mbo_db_pool_idle_connections', 'mbo_db_pool_in_use_connections'])
        expect(sample(text, name, { pool: 'primary' }), name).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'mbo_db_pool_waiting_clients', { pool: 'primary' })).toBe(0);
    } else {
      expect(text).not.toContain('mbo_db_pool_');
    }

    // Job queues: every queue, drained, so nothing due waits.
    expect(sample(text, 'mbo_job_queue_depth', { queue: 'reports.build-export' })).toBe(0);
    expect(sample(text, 'mbo_job_queue_oldest_waiting_seconds', { queue: 'webhooks.drain' })).toBe(0);

    // Webhooks, exports, logins.
    expect(receiver.received.length).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'mbo_webhook_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mbo_webhook_delivery_failures_total', { reason: 'http_5xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mbo_export_duration_seconds_count', { type: 'REFUNDS', format: 'CSV' })).toBe(1);
    expect(text).toContain('# TYPE mbo_export_failures_total counter');
    expect(sample(text, 'mbo_login_failures_total', { reason: 'WRONG_PASSWORD' })).toBe(1);
    expect(text).toContain('# TYPE mbo_account_lockouts_total counter');
    // No replica on this database: no lag series.
    expect(text).not.toContain('mbo_db_replica_lag_seconds');
  });

  it('counts a lockout, and exports the replica lag only where the database reports one', async () => {
    for (let i = 0; i < 10; i++) {
      await call(t.app, 'POST', '/usercenter/web/v1/login', {
        payload: { email: 'finance@demo.test', password: `Wrong-password-${i}` },
      });
    }
    expect(sample(await scrape(), 'mbo_account_lockouts_total', { via: 'login' })).toBe(1);

    let lag: number | null = 2.5;
    const app = await createSecondApp(t, {
      database: { ...t.database, replicaLag: async () => lag },
      config: { metrics: { port: undefined, host: '127.0.0.1', token: TOKEN } },
    });
    try {
      const read = async () =>
        (await app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(await read(), 'mbo_db_replica_lag_seconds', { pool: 'replica' })).toBe(2.5);
      // The replica cannot be reached: the series leaves the scrape (an alert on its absence fires).
      lag = null;
      expect(await read()).not.toMatch(/^mbo_db_replica_lag_seconds/m);
      // Each app has its own registry: the second app saw none of the first one's traffic.
      expect(await read()).not.toContain('mbo_login_failures_total{');
    } finally {
      await app.close();
    }
  });

  it('has no metrics endpoint and no listener without METRICS_PORT or METRICS_TOKEN', async () => {
    const app = await createSecondApp(t, {
      config: { metrics: { port: undefined, host: '127.0.0.1', token: undefined } },
    });
    try {
      expect(app.metricsListener.address()).toBeNull();
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const res = await app.inject({
          method: 'GET',
          url: METRICS_PATH,
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode).toBe(404);
      }
      expect(app.registeredRoutes.some((route) => route.url === METRICS_PATH)).toBe(false);
    } finally {
      await app.close();
    }
  });
});
