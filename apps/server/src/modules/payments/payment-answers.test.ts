import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { payments } from '../../db/payments-schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

type Data = Record<string, unknown> & { records?: Record<string, unknown>[]; events?: Record<string, unknown>[] };

/**
 * What a handler that leaks would answer: the real answer of the route, with fields no contract
 * names added at the top of `data` and inside it (or, asked for, a value its contract refuses),
 * before the answer is written. Only for calls that carry the test's header.
 */
function leakyAnswers(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const mode = request.headers['x-test-answer'];
    const envelope = payload as { code?: string; data?: Data | null };
    if (!mode || envelope?.code !== '000000' || !envelope.data) return payload;
    const data: Data = { ...envelope.data, internalNote: 'ops only', merchant_id: 'M1000001' };
    if (data.records) data.records = data.records.map((r) => ({ ...r, processorToken: 'tok_secret' }));
    if (data.events) data.events = data.events.map((e) => ({ ...e, cardNumber: '4111111111111111' }));
    if (mode === 'break') data.status = 'BOGUS';
    return { ...envelope, data };
  });
}

/**
 * Answers are written by their contract (lib/route-responses.ts): a field a handler adds that the
 * contract does not name never reaches the client, at the top of `data` or deep inside it.
 */
describe('back-office answers are written by their contract', () => {
  let t: TestApp;
  let owner: string;
  let paymentId: string;
  const get = (url: string, mode: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: owner, 'x-test-answer': mode } });

  beforeAll(async () => {
    t = await createTestApp({ beforeReady: leakyAnswers });
    owner = await loginAs(t.app, 'owner@demo.test');
    [{ id: paymentId }] = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.merchantId, 'M1000001'))
      .orderBy(desc(payments.createdAt))
      .limit(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('drops fields no contract names from a list, in the page and in each record', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: PAYMENT_PATHS.list,
      headers: { cookie: owner, 'x-test-answer': 'leak' },
      payload: { pageSize: 5 },
    });
    const body = res.json();
    expect(body.code).toBe('000000');
    expect(Object.keys(body.data).sort()).toEqual(['records', 'total', 'totalExact']);
    expect(body.data.records.length).toBeGreaterThan(0);
    for (const record of body.data.records) {
      expect(record).not.toHaveProperty('processorToken');
      expect(record.paymentId).toEqual(expect.any(String));
    }
    expect(res.body).not.toContain('tok_secret');
  });

  it('drops fields no contract names from a detail, nested ones too', async () => {
    const res = await get(`${PAYMENT_PATHS.detail}?paymentId=${paymentId}`, 'leak');
    const body = res.json();
    expect(body.code).toBe('000000');
    expect(body.data.paymentId).toBe(paymentId);
    expect(body.data).not.toHaveProperty('internalNote');
    expect(body.data.events.length).toBeGreaterThan(0);
    for (const event of body.data.events) expect(Object.keys(event).sort()).toEqual(['at', 'note', 'status', 'type']);
    expect(res.body).not.toContain('4111111111111111');
  });

  it('drops them from an answer of another module too: the balance transactions of the account', async () => {
    const list = await t.app.inject({
      method: 'POST',
      url: '/account/web/v1/balance-transaction/list',
      headers: { cookie: owner, 'x-test-answer': 'leak' },
      payload: { pageSize: 3 },
    });
    const body = list.json();
    expect(body.code).toBe('000000');
    expect(body.data).not.toHaveProperty('internalNote');
    expect(body.data).not.toHaveProperty('merchant_id');
    for (const record of body.data.records) expect(record).not.toHaveProperty('processorToken');
  });

  it('keeps error answers as they are: a business error, a bad input naming the field, no session', async () => {
    const missing = await call(t.app, 'GET', PAYMENT_PATHS.detail, {
      cookie: owner,
      query: { paymentId: 'P_missing' },
    });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({
      code: expect.not.stringMatching(/^000000$/),
      data: null,
      msg_params: { requestId: expect.any(String) },
    });
    const bad = await call(t.app, 'POST', PAYMENT_PATHS.list, { cookie: owner, payload: { pageSize: 'many' } });
    expect(bad.body).toMatchObject({ code: '001000B001', data: { fields: [{ field: 'pageSize' }] } });
    const anonymous = await call(t.app, 'POST', PAYMENT_PATHS.list, { payload: {} });
    expect(anonymous.status).toBe(431);
    expect(anonymous.body).toMatchObject({ code: '002001B010', data: null });
  });

  it('answers a server error, never the data, when an answer breaks its contract', async () => {
    const res = await get(`${PAYMENT_PATHS.detail}?paymentId=${paymentId}`, 'break');
    expect(res.statusCode, res.body).toBe(500);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.SYSTEM, data: null });
    expect(res.body).not.toContain(paymentId);
  });
});
