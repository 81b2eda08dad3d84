import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ACCOUNT_PATHS } from '@mbo/contracts/account';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { listPaymentsRequest, paymentDetailRequest, paymentFiltersSchema, paymentKpisRequest } from '@mbo/contracts/payments-schemas';
import { IDEMPOTENCY_HEADER, REFUND_PATHS } from '@mbo/contracts/refunds';
import { createRefundRequest, listRefundsRequest, refundDetailRequest } from '@mbo/contracts/refunds-schemas';
import { rowsOf } from '../../db/client';
import { createTestApp, loginAs, type TestApp } from '../../test/harness';
import { createPayment } from './test-payments';

process.env.SANDBOX_REFUND_DELAY_MS = '600000';

/**
 * QUALITY.md "Bad input" for the payments, refunds and balance calls: random JSON and query strings
 * never give a 5xx; what the contract schema refuses comes back as 001000B001 naming the same field
 * and writes nothing. (Generators in the style of plugins/bad-input.test.ts.)
 */
const RUNS = 40;

interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  schema: z.ZodType;
  fields: Record<string, fc.Arbitrary<unknown>>;
  /** Extra field names the server may name after the schema passed (a header). */
  alsoNamed?: string[];
}

const huge = fc.integer({ min: 300, max: 150_000 }).map((n) => 'Ab1-'.repeat(Math.ceil(n / 4)).slice(0, n));
const special = fc.constantFrom('', ' ', '\u0000', 'PAY\u0000', '\ud800', '<script>', "' OR '1'='1' --", 'UNKNOWN', '%', '_', '\\', '-1', '1.5', '1e309', 'NaN', 'null');
const numbers = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-1, 0, 0.5, 1.5, 2 ** 53 + 1, 1e21, Number.MAX_VALUE));
const wild: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null), fc.boolean(), numbers, fc.string({ unit: 'binary', maxLength: 64 }), special, huge,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);
const date = fc.oneof(
  fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2026-01-01', '2026-13-01T00:00:00Z', '2026-01-01T00:00:00+02:00', 'yesterday', '0000-01-01T00:00:00Z'),
);
const page = fc.oneof(fc.integer({ min: -5, max: 300 }), fc.constantFrom(0, 1.5, '2', 100_001, null));
const amount = fc.oneof(fc.integer({ min: -5, max: 10_000_000 }), fc.constantFrom(0.5, -1, 2 ** 53, '100'));
const currency = fc.constantFrom('USD', 'JPY', 'EUR', 'usd', 'XXX', '');
const paymentIds = ['PAY_NOPE', '', 'x'.repeat(65)];
const paymentId = () => fc.oneof(fc.constantFrom(...paymentIds), fc.string({ maxLength: 70 }));
const filters = {
  createdFrom: date, createdTo: date, currency, amountMin: amount, amountMax: amount,
  status: fc.oneof(fc.array(fc.constantFrom('SUCCESS', 'FAILED', 'PENDING', 'CANCELLED', 'success', 'X'), { maxLength: 5 }), fc.constantFrom('SUCCESS')),
  payMethodType: fc.oneof(fc.constantFrom('CARD', 'EWALLET'), fc.string({ maxLength: 120 })),
  payMethodName: fc.oneof(fc.constantFrom('VISA', 'PAYPAL'), fc.string({ maxLength: 120 })),
  country: fc.constantFrom('NL', 'nl', 'NLD', '', 'JP'),
  keyword: fc.oneof(fc.constantFrom('%', '_%', 'a\\', 'alice@'), fc.string({ maxLength: 220 })),
};

const ENDPOINTS: Record<string, Endpoint> = {
  'payments list': { method: 'POST', url: PAYMENT_PATHS.list, schema: listPaymentsRequest, fields: { ...filters, pageNum: page, pageSize: page, sort: fc.constantFrom('createdAt:desc', 'amount:asc', 'amount', '') } },
  'payments status count': { method: 'POST', url: PAYMENT_PATHS.statusCount, schema: paymentFiltersSchema, fields: filters },
  'payment detail': { method: 'GET', url: PAYMENT_PATHS.detail, schema: paymentDetailRequest, fields: { paymentId: paymentId() } },
  'payment kpis': { method: 'GET', url: PAYMENT_PATHS.kpis, schema: paymentKpisRequest, fields: { currency } },
  'refund create': {
    method: 'POST', url: REFUND_PATHS.create, schema: createRefundRequest, alsoNamed: [IDEMPOTENCY_HEADER],
    fields: {
      paymentId: paymentId(),
      amount: fc.oneof(fc.constantFrom('1', '0', '0.00', '1.005', '-1', '1e3', '99999999999999999', '12.50', ' 3 ', ''), fc.string({ maxLength: 20 })),
      reason: fc.constantFrom('DUPLICATE', 'OTHER', 'duplicate', ''),
      note: fc.oneof(fc.string({ maxLength: 600 }), fc.constantFrom('sandbox:fail', '   ')),
    },
  },
  'refunds list': {
    method: 'POST', url: REFUND_PATHS.list, schema: listRefundsRequest,
    fields: { createdFrom: date, createdTo: date, currency, amountMin: amount, amountMax: amount, keyword: filters.keyword, pageNum: page, pageSize: page, status: fc.array(fc.constantFrom('PROCESSING', 'SUCCESS', 'FAILED', 'X'), { maxLength: 4 }) },
  },
  'refund detail': { method: 'GET', url: REFUND_PATHS.detail, schema: refundDetailRequest, fields: { refundId: fc.oneof(fc.constantFrom('REF_NOPE', ''), fc.string({ maxLength: 70 })) } },
  balances: { method: 'GET', url: ACCOUNT_PATHS.balances, schema: z.object({}).passthrough(), fields: { currency } },
};

function bodyFor(ep: Endpoint): fc.Arbitrary<unknown> {
  const withNul = (near: fc.Arbitrary<unknown>) => near.map((v) => (typeof v === 'string' ? `${v}\u0000` : v));
  const fields = Object.fromEntries(Object.entries(ep.fields).map(([k, near]) => [k, fc.oneof({ weight: 4, arbitrary: near }, { weight: 2, arbitrary: wild }, { weight: 1, arbitrary: withNul(near) })]));
  const record = fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }))
    .map(([known, extra]) => Object.assign(Object.create(null) as object, extra, known));
  return fc.oneof({ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, { weight: 1, arbitrary: wild }, { weight: 6, arbitrary: record });
}

function queryFor(ep: Endpoint): fc.Arbitrary<string> {
  const asParam = fc.oneof(fc.string({ maxLength: 30 }), special, huge.map((s) => s.slice(0, 3000)), fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 3 }));
  const fields = Object.fromEntries(Object.entries(ep.fields).map(([k, near]) => [k, fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: asParam })]));
  return fc.record(fields, { requiredKeys: [] }).map((known) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(known)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
    return params.toString();
  });
}

function parsedQuery(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(qs)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

describe('bad input on the payments, refunds and balance calls', () => {
  let t: TestApp;
  let owner: string;
  const written = async () =>
    rowsOf<{ n: string }>(
      await t.database.db.execute(sql`
        SELECT (SELECT count(*) FROM refunds) || '/' || (SELECT count(*) FROM ledger_entries) || '/' || (SELECT count(*) FROM idempotency_keys) || '/' ||
               (SELECT count(*) FROM events) || '/' || (SELECT count(*) FROM payments) AS n`),
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    // Real payment ids in the mix, so that valid-looking refunds reach the rules.
    for (let i = 0; i < 3; i++) paymentIds.push((await createPayment(t.database.db, { amount: 100_000 })).id);
    paymentIds.push((await createPayment(t.database.db, { amount: 100_000, currency: 'JPY' })).id);
  });
  afterAll(async () => {
    await t.close();
  });

  async function check(ep: Endpoint, input: unknown, send: { url: string; payload?: string; key?: string }) {
    const before = await written();
    const headers: Record<string, string> = { cookie: owner };
    if (send.payload !== undefined) headers['content-type'] = 'application/json';
    if (send.key !== undefined) headers[IDEMPOTENCY_HEADER] = send.key;
    const res = await t.app.inject({ method: ep.method, url: send.url, payload: send.payload, headers });
    const what = `${ep.method} ${send.url.slice(0, 300)} ${String(send.payload).slice(0, 300)} key=${send.key}`;
    expect(res.statusCode, what).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort(), what).toEqual(['code', 'data', 'msg', 'msg_params']);
    expect(body.code, what).not.toBe('002000S001');
    const poisoned = send.payload !== undefined && /"(__proto__|constructor)"/.test(send.payload) && body.msg === 'Invalid request: the body is not valid JSON.';
    const verdict = ep.schema.safeParse(input ?? {});
    if (!verdict.success) {
      expect(body.code, what).toBe('001000B001');
      if (!poisoned) {
        const field = verdict.error.issues[0].path.map(String).join('.') || '(body)';
        expect(body.data.fields[0].field, what).toBe(field);
      }
      expect(await written(), `${what} wrote rows`).toBe(before);
    } else if (body.code === '001000B001' && !poisoned) {
      const named = /^Invalid request: (\S+) /.exec(body.msg)?.[1] ?? '';
      expect([...Object.keys(ep.fields), ...(ep.alsoNamed ?? [])], what).toContain(named.split('.')[0]);
    }
  }

  it('takes dates before year 1 (which PostgreSQL has not) as a filter, not as a database error', async () => {
    for (const url of [PAYMENT_PATHS.list, PAYMENT_PATHS.statusCount, REFUND_PATHS.list]) {
      for (const createdFrom of ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00+02:00']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: { createdFrom, createdTo: createdFrom } });
        expect(res.statusCode, `${url} ${createdFrom}`).toBe(200);
        expect(res.json().code).toBe('000000');
      }
    }
  });

  it('answers an amount too large for the currency as a bad amount, not a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST', url: REFUND_PATHS.create, headers: { cookie: owner, [IDEMPOTENCY_HEADER]: 'key-too-large-1' },
      payload: { paymentId: paymentIds[3], amount: '999999999999999', reason: 'DUPLICATE' },
    });
    expect(res.json()).toMatchObject({ code: '001000B001', msg: 'Invalid request: amount must be at most the refundable amount of the payment.' });
  });

  for (const [name, ep] of Object.entries(ENDPOINTS)) {
    it(`${ep.method} ${name}: random input never gives a 5xx; bad input is 001000B001 naming the field`, async () => {
      if (ep.method === 'POST') {
        const key = fc.oneof(fc.uuid(), fc.constantFrom(undefined, '', 'short', 'x'.repeat(256), 'has spaces in it'));
        await fc.assert(
          fc.asyncProperty(bodyFor(ep), key, async (value, k) => {
            const payload = JSON.stringify(value);
            await check(ep, JSON.parse(payload), { url: ep.url, payload, key: ep.url === REFUND_PATHS.create ? k : undefined });
          }),
          { numRuns: RUNS },
        );
      } else {
        await fc.assert(
          fc.asyncProperty(queryFor(ep), async (qs) => {
            await check(ep, parsedQuery(qs), { url: qs ? `${ep.url}?${qs}` : ep.url });
          }),
          { numRuns: RUNS },
        );
      }
    });
  }
});
