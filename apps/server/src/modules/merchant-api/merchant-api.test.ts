import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { payments } from '../../db/payments-schema';
import { auditLog } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { createTestApp, loginAs, type TestApp } from '../../test/harness';
import { api, insertApiKey } from './api-test-helpers';

const A = 'M1000001';
const B = 'M2000001';

/** The merchant API's scope: keys and not cookies, one merchant's objects per key, REST errors, bad input as 400s. */
describe('merchant API', () => {
  let t: TestApp;
  let keyA: { keyId: string; authorization: string };
  let keyB: { keyId: string; authorization: string };
  const db = () => t.database.db;
  /** The ids a query selects (of any of the tables). */
  const idsOf = async (query: ReturnType<typeof sql>) =>
    (await typedRows(db(), { id: computed(String) }, query)).map((r) => r.id);
  const get = (url: string, authorization = keyA.authorization) => api(t.app, 'GET', url, { authorization });

  beforeAll(async () => {
    t = await createTestApp({ config: { apiKeyRateLimit: { max: 10_000, windowMs: 1000 } } });
    keyA = await insertApiKey(db(), A);
    keyB = await insertApiKey(db(), B);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes only a Bearer key: none, a malformed or revoked one, or the session cookie alone is a 401 (013001B040)', async () => {
    const cookie = await loginAs(t.app, 'owner@demo.test');
    const revoked = await insertApiKey(db(), A);
    await db().execute(sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${revoked.keyId}`);
    const refused: Record<string, string>[] = [
      {},
      { cookie },
      { authorization: 'Bearer nope' },
      { authorization: revoked.authorization },
      { authorization: `Basic ${keyA.authorization.slice(7)}` },
    ];
    for (const headers of refused) {
      for (const [method, url] of [
        ['GET', '/api/v1/payments'],
        ['POST', '/api/v1/refunds'],
        ['GET', '/api/v1/payments/x'],
        ['GET', '/api/v1/no-such-call'],
      ] as const) {
        const res = await api(t.app, method, url, { headers, payload: method === 'POST' ? {} : undefined });
        expect(res.status, `${method} ${url} ${Object.keys(headers)}`).toBe(401);
        expect(res.body).toEqual({
          error: {
            code: ERROR_CODES.API_KEY_INVALID,
            message: expect.stringMatching(/Authorization: Bearer/),
            requestId: res.headers['x-request-id'],
          },
        });
      }
    }
    // With a key, an unknown call is a 404 in the API's shape, not the back-office's envelope.
    const unknown = await get('/api/v1/no-such-call');
    expect(unknown).toMatchObject({
      status: 404,
      body: {
        error: {
          code: ERROR_CODES.API_OBJECT_NOT_FOUND,
          message: 'Unrecognized request URL: GET /api/v1/no-such-call.',
        },
      },
    });
  });

  it("reads a payment of its merchant; another merchant's key gets the 404 an unknown id gets", async () => {
    const [id] = await idsOf(
      sql`SELECT id FROM payments WHERE merchant_id = ${A} AND card_last4 IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
    );
    const [row] = await db()
      .select({
        amount: payments.amount,
        fee: payments.fee,
        currency: payments.currency,
        merchant_order_no: payments.merchantOrderNo,
      })
      .from(payments)
      .where(eq(payments.id, id));
    const mine = await get(`/api/v1/payments/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      id,
      object: 'payment',
      amount: Number(row.amount),
      fee: Number(row.fee),
      net: Number(row.amount) - Number(row.fee),
      currency: row.currency,
      merchantOrderNo: row.merchant_order_no,
      card: { last4: expect.stringMatching(/^\d{4}$/) },
      customer: { email: expect.any(String) },
    });
    expect(mine.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const theirs = await get(`/api/v1/payments/${id}`, keyB.authorization);
    const none = await get('/api/v1/payments/PAY_NO_SUCH', keyB.authorization);
    expect(theirs).toMatchObject({
      status: 404,
      body: { error: { code: ERROR_CODES.API_OBJECT_NOT_FOUND, message: `No such payment: '${id}'.` } },
    });
    expect(none.status).toBe(404);
    expect(Object.keys(theirs.body.error).sort()).toEqual(Object.keys(none.body.error).sort());
  });

  it("creates a payment link with the back-office's service and reads it back; other merchants cannot", async () => {
    const created = await api(t.app, 'POST', '/api/v1/payment_links', {
      authorization: keyA.authorization,
      payload: { amount: '25.00', currency: 'USD', description: 'API order 1', reusable: false, expiresInDays: 7 },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      object: 'payment_link',
      amount: 2500,
      currency: 'USD',
      description: 'API order 1',
      reusable: false,
      status: 'ACTIVE',
      paidCount: 0,
      subscriptionPlan: null,
      url: `http://localhost:8080/pay/${created.body.id}`,
    });
    expect(await get(`/api/v1/payment_links/${created.body.id}`)).toMatchObject({ status: 200, body: created.body });
    expect((await get(`/api/v1/payment_links/${created.body.id}`, keyB.authorization)).status).toBe(404);
    const audit = await db()
      .select({ actor_user_id: auditLog.actorUserId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PAYMENT_LINK_CREATED'), eq(auditLog.targetId, created.body.id)));
    expect(audit).toEqual([
      { actor_user_id: null, detail: expect.objectContaining({ apiKeyId: keyA.keyId, amount: 2500 }) },
    ]);

    const plan = await api(t.app, 'POST', '/api/v1/payment_links', {
      authorization: keyA.authorization,
      payload: {
        amount: '9.99',
        currency: 'EUR',
        description: 'Monthly box',
        reusable: true,
        expiresInDays: 30,
        subscription: { interval: 'MONTH', intervalCount: 1, cycles: 12 },
      },
    });
    expect(plan.body).toMatchObject({
      amount: 999,
      subscriptionPlan: { interval: 'MONTH', intervalCount: 1, cycles: 12 },
    });
    // The back-office's rules and codes: no decimals in JPY.
    const yen = await api(t.app, 'POST', '/api/v1/payment_links', {
      authorization: keyA.authorization,
      payload: { amount: '1.5', currency: 'JPY', description: 'x', reusable: false, expiresInDays: 7 },
    });
    expect(yen).toMatchObject({
      status: 400,
      body: { error: { code: ERROR_CODES.NO_DECIMALS, message: 'No decimals.' } },
    });
  });

  it("lists disputes, settlements and payouts of the key's merchant only, newest first", async () => {
    for (const [path, table] of [
      ['disputes', 'disputes'],
      ['settlements', 'settlements'],
      ['payouts', 'payouts'],
    ] as const) {
      for (const [merchant, key] of [
        [A, keyA],
        [B, keyB],
      ] as const) {
        const expected = await idsOf(
          sql`SELECT id FROM ${sql.raw(table)} WHERE merchant_id = ${merchant} ORDER BY created_at DESC, id DESC LIMIT 100`,
        );
        const res = await get(`/api/v1/${path}?limit=100`, key.authorization);
        expect(res.status, path).toBe(200);
        expect(res.body.object).toBe('list');
        expect(
          res.body.data.map((o: { id: string }) => o.id),
          `${path} of ${merchant}`,
        ).toEqual(expected);
      }
    }
    // The demo data has each of them, so the walk above compared real lists.
    expect((await get('/api/v1/disputes')).body.data[0]).toMatchObject({
      object: 'dispute',
      amount: expect.any(Number),
      currency: expect.any(String),
    });
    expect((await get('/api/v1/settlements')).body.data[0]).toMatchObject({
      object: 'settlement',
      settlementDay: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect((await get('/api/v1/payouts', keyB.authorization)).body.data[0]).toMatchObject({
      object: 'payout',
      accountLast4: expect.any(String),
    });
    const disputes = await get('/api/v1/disputes?status=EVIDENCE_REQUIRED&limit=100');
    expect(disputes.body.data.length).toBeGreaterThan(0);
    expect(disputes.body.data.every((d: { status: string }) => d.status === 'EVIDENCE_REQUIRED')).toBe(true);
    const usd = await get('/api/v1/payouts?currency=USD&limit=100', keyB.authorization);
    expect(usd.body.data.every((p: { currency: string }) => p.currency === 'USD')).toBe(true);
  });

  it('answers bad input with 400, the catalogue code and the field named, never a 500', async () => {
    const cases: [url: string, field: string, message: string][] = [
      ['/api/v1/payments?limit=abc', 'limit', 'must be a number'],
      ['/api/v1/payments?limit=1000', 'limit', 'must be between 1 and 100'],
      ['/api/v1/payments?limit=0', 'limit', 'must be between 1 and 100'],
      ['/api/v1/payments?limit=2.5', 'limit', 'must be an int'],
      [
        '/api/v1/payments?createdFrom=0000-01-01T00:00:00Z',
        'createdFrom',
        'must be a date-time between the years 1 and 9999',
      ],
      ['/api/v1/payments?createdTo=yesterday', 'createdTo', 'must be an ISO 8601 date-time'],
      ['/api/v1/payments?status=PAID', 'status', 'must be one of PENDING, SUCCESS, FAILED, CANCELLED'],
      ['/api/v1/payments?status=SUCCESS&status=FAILED', 'status', 'must be one of PENDING, SUCCESS, FAILED, CANCELLED'],
      ['/api/v1/payments?sort=amount', 'sort', 'is not a known field'],
      ['/api/v1/payments?starting_after=PAY_NO_SUCH', 'starting_after', 'must be the id of an object of this list'],
      ['/api/v1/disputes?createdFrom=%2B010000-01-01T00:00:00Z', 'createdFrom', 'must be an ISO 8601 date-time'],
      ['/api/v1/payouts?limit=-1', 'limit', 'must be between 1 and 100'],
      [`/api/v1/payments/${'x'.repeat(65)}`, 'id', 'must be at most 64 characters'],
      ['/api/v1/payments?merchantOrderNo=a%00b', 'merchantOrderNo', 'must not contain NUL characters'],
    ];
    for (const [url, field, message] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toMatchObject({
        code: ERROR_CODES.INVALID_REQUEST,
        message: `Invalid request: ${field} ${message}.`,
      });
      expect(res.body.error.fields[0], url).toEqual({ field, message });
    }
    // Another merchant's object is no cursor either.
    const [theirs] = await idsOf(sql`SELECT id FROM payouts WHERE merchant_id = ${B} LIMIT 1`);
    expect((await get(`/api/v1/payouts?starting_after=${theirs}`)).status).toBe(400);

    const bodies: [payload: string, message: RegExp][] = [
      ['{bad json', /^Invalid request: /],
      ['[1]', /^Invalid request: \(body\) must be an object\.$/],
      [
        '{"amount":25,"currency":"USD","description":"x","reusable":false,"expiresInDays":7}',
        /^Invalid request: amount must be a string\.$/,
      ],
      [
        '{"amount":"25","currency":"usd","description":"x","reusable":false,"expiresInDays":7}',
        /^Invalid request: currency must be one of /,
      ],
      [
        '{"amount":"25","currency":"USD","description":"x","reusable":false,"expiresInDays":7,"metadata":{}}',
        /^Invalid request: metadata is not a known field\.$/,
      ],
      [
        '{"amount":"25","currency":"USD","description":"x","reusable":false,"expiresInDays":7,"subscription":{"interval":"MONTH","intervalCount":1,"x":1}}',
        /^Invalid request: subscription\.x is not a known field\.$/,
      ],
      [
        '{"amount":"99999999999999","currency":"USD","description":"x","reusable":false,"expiresInDays":7}',
        /^Invalid request: amount is too large\.$/,
      ],
    ];
    for (const [payload, message] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment_links',
        payload,
        headers: { authorization: keyA.authorization, 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error, payload).toMatchObject({
        code: ERROR_CODES.INVALID_REQUEST,
        message: expect.stringMatching(message),
      });
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment_links',
      payload: 'amount=1',
      headers: { authorization: keyA.authorization, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe(ERROR_CODES.INVALID_REQUEST);
  });

  it("limits each key: over the limit a 429 in the API's shape, with Retry-After", async () => {
    const limits = t.app.config.apiKeyRateLimit;
    const key = await insertApiKey(db(), A);
    const other = await insertApiKey(db(), A);
    t.app.config.apiKeyRateLimit = { max: 2, windowMs: 60_000 };
    try {
      expect((await get('/api/v1/settlements?limit=1', key.authorization)).status).toBe(200);
      expect((await get('/api/v1/settlements?limit=1', key.authorization)).status).toBe(200);
      const over = await get('/api/v1/settlements?limit=1', key.authorization);
      expect(over.status).toBe(429);
      expect(over.body.error).toMatchObject({
        code: ERROR_CODES.TOO_MANY_OPERATIONS,
        message: expect.stringMatching(/at most 2/),
      });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another key of the same merchant has its own count.
      expect((await get('/api/v1/settlements?limit=1', other.authorization)).status).toBe(200);
    } finally {
      t.app.config.apiKeyRateLimit = limits;
    }
  });
});
