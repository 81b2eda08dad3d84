import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { rowsOf } from '../../db/client';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

/** What the mocked data layer adds to its answers: fields no contract names, and once a value the contract refuses. */
const extra = vi.hoisted(() => ({ wrongStatus: false }));

vi.mock('./payment-detail', async (importOriginal) => {
  const real = await importOriginal<typeof import('./payment-detail')>();
  return {
    ...real,
    paymentDetail: async (...args: Parameters<typeof real.paymentDetail>) => {
      const detail = await real.paymentDetail(...args);
      return { ...detail, cardNumber: '4111111111111111', events: detail.events.map((e) => ({ ...e, internalNote: 'ops only' })), ...(extra.wrongStatus ? { status: 'BOGUS' } : {}) };
    },
  };
});

vi.mock('./list-payments', async (importOriginal) => {
  const real = await importOriginal<typeof import('./list-payments')>();
  return {
    ...real,
    listPayments: async (...args: Parameters<typeof real.listPayments>) => {
      const page = await real.listPayments(...args);
      return { ...page, query: 'SELECT …', records: page.records.map((r) => ({ ...r, processorToken: 'tok_secret', merchant_id: 'M1000001' })) };
    },
  };
});

/**
 * Answers are written by their contract (lib/route-responses.ts): a field the data layer adds that
 * the contract does not name never reaches the client, at the top of `data` or deep inside it.
 */
describe('back-office answers are written by their contract', () => {
  let t: TestApp;
  let owner: string;
  let paymentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    [{ id: paymentId }] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM payments WHERE merchant_id = 'M1000001' ORDER BY created_at DESC LIMIT 1`));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('drops fields no contract names from a list, in the page and in each record', async () => {
    const res = await call(t.app, 'POST', PAYMENT_PATHS.list, { cookie: owner, payload: { pageSize: 5 } });
    expect(res.body.code).toBe('000000');
    expect(Object.keys(res.body.data).sort()).toEqual(['records', 'total', 'totalExact']);
    expect(res.body.data.records.length).toBeGreaterThan(0);
    for (const record of res.body.data.records) {
      expect(record).not.toHaveProperty('processorToken');
      expect(record).not.toHaveProperty('merchant_id');
      expect(record.paymentId).toEqual(expect.any(String));
    }
  });

  it('drops fields no contract names from a detail, nested ones too', async () => {
    const res = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId } });
    expect(res.body.code).toBe('000000');
    expect(res.body.data.paymentId).toBe(paymentId);
    expect(res.body.data).not.toHaveProperty('cardNumber');
    expect(res.body.data.events.length).toBeGreaterThan(0);
    for (const event of res.body.data.events) expect(Object.keys(event).sort()).toEqual(['at', 'note', 'status', 'type']);
  });

  it('keeps error answers as they are: a business error, a bad input naming the field, no session', async () => {
    const missing = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId: 'P_missing' } });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ code: expect.not.stringMatching(/^000000$/), data: null, msg_params: { requestId: expect.any(String) } });
    const bad = await call(t.app, 'POST', PAYMENT_PATHS.list, { cookie: owner, payload: { pageSize: 'many' } });
    expect(bad.body).toMatchObject({ code: '001000B001', data: { fields: [{ field: 'pageSize' }] } });
    const anonymous = await call(t.app, 'POST', PAYMENT_PATHS.list, { payload: {} });
    expect(anonymous.status).toBe(431);
    expect(anonymous.body).toMatchObject({ code: '002001B010', data: null });
  });

  it('answers a server error, never the data, when an answer breaks its contract', async () => {
    extra.wrongStatus = true;
    try {
      const res = await call(t.app, 'GET', PAYMENT_PATHS.detail, { cookie: owner, query: { paymentId } });
      expect(res.status, JSON.stringify(res.body)).toBe(500);
      expect(res.body).toMatchObject({ code: ERROR_CODES.SYSTEM, data: null });
      expect(JSON.stringify(res.body)).not.toContain(paymentId);
    } finally {
      extra.wrongStatus = false;
    }
  });
});
