import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER, REFUND_PATHS } from '@mbo/contracts/refunds';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { users } from './db/schema';
import { computed, typedRows } from './db/typed-rows';
import { insertApiKey } from './modules/merchant-api/api-test-helpers';
import { createPayment } from './modules/payments/test-payments';
import { createSession, SESSION_COOKIE } from './plugins/session-store';
import type { RegisteredRoute } from './plugins/types';
import { propertyRuns, sized } from './test/deep';
import { createTestApp, type TestApp } from './test/harness';
import {
  bodyFor,
  endpointsOf,
  fieldsOf,
  parsedQuery,
  paymentIds,
  queryFor,
  type Endpoint,
} from './test/route-input-arbitraries';

/**
 * QUALITY.md "Bad input", generated from the routes the app registered (not a hand-kept list):
 * every route with a contract schema, fed random JSON or query strings (wrong types, missing
 * fields, huge strings, year 0 and year 10000, unknown enum values, NUL bytes, unknown fields),
 * answers in the envelope and never with a 5xx. The schema is the oracle: what it refuses comes back
 * as 001000B001 naming the same field, and writes nothing.
 */
/** Random inputs per route: 30 from a fixed seed in every run, 300 under `npm run test:deep`. */
const RUNS = propertyRuns(30, 300);
/** The three walks over every route take a minute or more on a loaded 2-core machine. */
const WALK_TIMEOUT = sized(180_000, 1_800_000);

describe('bad input on every registered route', () => {
  let t: TestApp;
  let endpoints: Endpoint[];
  let addressSeq = 0;
  /** The merchant API's routes ('api-key') are called with a valid key of the demo merchant. */
  let apiKey: string;
  /** Rows a call could write; a refused input must leave every count as it was. */
  const written = async () =>
    (
      await typedRows(
        t.database.db,
        { n: computed(String) },
        sql`
        SELECT concat_ws('/', (SELECT count(*) FROM users), (SELECT count(*) FROM user_links), (SELECT count(*) FROM sessions),
               (SELECT count(*) FROM login_history), (SELECT count(*) FROM audit_log), (SELECT count(*) FROM password_history),
               (SELECT count(*) FROM refunds), (SELECT count(*) FROM ledger_entries), (SELECT count(*) FROM idempotency_keys),
               (SELECT count(*) FROM payments), (SELECT count(*) FROM payment_links), (SELECT count(*) FROM export_jobs)) AS n`,
      )
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxRefundDelayMs: 600_000 } });
    endpoints = endpointsOf(t.app.registeredRoutes);
    apiKey = (await insertApiKey(t.database.db, 'M1000001')).authorization;
    // Real payment ids in the mix, so that valid-looking refunds reach the rules.
    for (let i = 0; i < 3; i++) paymentIds.push((await createPayment(t.database.db, { amount: 100_000 })).id);
    paymentIds.push((await createPayment(t.database.db, { amount: 100_000, currency: 'JPY' })).id);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Who calls a route: nobody for public ones; a user whose role may call it otherwise (a fresh session each time). */
  async function cookieFor(route: RegisteredRoute): Promise<string | undefined> {
    if (route.access === 'public' || route.access === 'api-key') return undefined;
    // Not the owner for a password change: a random valid new password must not lock the next routes out.
    // The payout area is a PAYOUT merchant's: its owner calls those routes.
    const email =
      route.url === USERCENTER_PATHS.forceResetPassword
        ? 'reset@demo.test'
        : route.url === USERCENTER_PATHS.changePassword
          ? 'finance@demo.test'
          : route.url.startsWith('/payout/')
            ? 'payouts@demo.test'
            : 'owner@demo.test';
    const [user] = await t.database.db
      .select({ id: users.id, merchantId: users.merchantId })
      .from(users)
      .where(eq(users.email, email));
    return `${SESSION_COOKIE}=${await createSession(t.database.db, { userId: user.id, merchantId: user.merchantId, ip: '127.0.0.1', userAgent: 'bad-input-test' })}`;
  }

  async function check(
    ep: Endpoint,
    cookie: string | undefined,
    input: unknown,
    send: { url: string; payload?: string; key?: string },
  ) {
    // Request limits are tested on their own (plugins/rate-limit.test.ts); here every input must reach the route.
    await t.database.db.execute(sql`DELETE FROM rate_limits`);
    // So is the account lock: wrong current passwords (change and forced reset) count towards it, and
    // the tenth would end the caller's sessions; here every input must reach the route.
    await t.database.db.execute(sql`UPDATE users SET failed_login_count = 0 WHERE failed_login_count > 0`);
    const before = await written();
    const headers: Record<string, string> = cookie ? { cookie } : {};
    if (ep.route.access === 'api-key') headers.authorization = apiKey;
    if (send.payload !== undefined) headers['content-type'] = 'application/json';
    if (send.key !== undefined) headers[IDEMPOTENCY_HEADER] = send.key;
    // Each call from its own loopback address, so per-IP limits of the public routes stay out of the way.
    const remoteAddress = `127.0.${(addressSeq >> 8) & 255}.${addressSeq++ & 255}`;
    const res = await t.app.inject({
      method: ep.route.method as 'GET' | 'POST',
      url: send.url,
      payload: send.payload,
      headers,
      remoteAddress,
    });
    const what = `${ep.route.method} ${send.url.slice(0, 300)} ${String(send.payload).slice(0, 300)}`;
    if (ep.route.access === 'api-key')
      return checkApiAnswer(ep, input, res.statusCode, res.json(), what, before, send.payload);
    expect(res.statusCode, what).toBe(200);
    const verdictOf = () => ep.schema.safeParse(input ?? {});
    if (!String(res.headers['content-type'] ?? '').includes('application/json')) {
      // A file (the payout batch template): only for a valid request, and always as an attachment.
      expect(verdictOf().success, `${what} answered a file to a bad request`).toBe(true);
      expect(String(res.headers['content-disposition']), what).toMatch(/^attachment/);
      return;
    }
    const body = res.json();
    expect(Object.keys(body).sort(), what).toEqual(['code', 'data', 'msg', 'msg_params']);
    expect(body.code, what).not.toBe('002000S001');
    // Prototype-poisoning keys are refused by the JSON parser itself, before any field is read.
    const poisoned =
      send.payload !== undefined &&
      /"(__proto__|constructor)"/.test(send.payload) &&
      body.msg === 'Invalid request: the body is not valid JSON.';
    const verdict = verdictOf();
    if (!verdict.success) {
      expect(body.code, what).toBe('001000B001');
      if (!poisoned) {
        const field = verdict.error.issues[0].path.map(String).join('.') || '(body)';
        expect(body.msg, what).toMatch(
          new RegExp(`^Invalid request: ${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `),
        );
        expect(body.data.fields[0].field, what).toBe(field);
      }
      expect(body.msg_params.isGwErrorMapEnabled, what).toBe(1);
      expect(await written(), `${what} wrote rows`).toBe(before);
    } else if (body.code === '001000B001' && !poisoned) {
      // The schema let it through but the server still refused it (NUL byte, unknown role, a rule): a field is named.
      const named = /^Invalid request: (\S+) /.exec(body.msg)?.[1] ?? '';
      expect([...Object.keys(ep.fields), IDEMPOTENCY_HEADER], what).toContain(named.split('.')[0]);
      expect(await written(), `${what} wrote rows`).toBe(before);
    }
  }

  /**
   * The merchant API (modules/merchant-api) answers REST statuses and `{ error: { code, message, fields } }`
   * instead of the envelope: bad input is a 400 with 001000B001 naming the field (an unknown field by its
   * own name), never a 5xx, and writes nothing.
   */
  async function checkApiAnswer(
    ep: Endpoint,
    input: unknown,
    status: number,
    body: { error?: { code: string; fields?: { field: string }[] } },
    what: string,
    before: string,
    payload?: string,
  ) {
    expect(status, what).toBeLessThan(500);
    const verdict = ep.schema.safeParse(input ?? {});
    const poisoned =
      payload !== undefined && /"(__proto__|constructor)"/.test(payload) && body.error?.fields === undefined;
    if (!verdict.success) {
      expect(status, what).toBe(400);
      expect(body.error?.code, what).toBe('001000B001');
      const issue = verdict.error.issues[0];
      const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
      if (!poisoned) expect(body.error?.fields?.[0].field, what).toBe(path.map(String).join('.') || '(body)');
      expect(await written(), `${what} wrote rows`).toBe(before);
    } else if (body.error?.code === '001000B001' && !poisoned) {
      expect([...Object.keys(ep.fields), IDEMPOTENCY_HEADER], what).toContain(
        body.error.fields?.[0].field.split('.')[0],
      );
      expect(await written(), `${what} wrote rows`).toBe(before);
    }
  }

  it('finds the contract schemas of the routes (the list below is generated from them)', () => {
    const urls = endpoints.map((e) => e.route.url);
    expect(endpoints.length).toBeGreaterThanOrEqual(25);
    for (const url of [
      USERCENTER_PATHS.login,
      REFUND_PATHS.create,
      '/acquiring/web/v1/payment-link/list',
      '/report/web/v1/export/create',
    ])
      expect(urls).toContain(url);
  });

  it(
    'answers random input on every route with the envelope, never a 5xx; bad input is 001000B001 naming the field',
    { timeout: WALK_TIMEOUT },
    async () => {
      for (const ep of endpoints) {
        const cookie = await cookieFor(ep.route);
        if (ep.part === 'body') {
          const key = fc.oneof(fc.uuid(), fc.constantFrom(undefined, '', 'short', 'x'.repeat(256), 'has spaces in it'));
          await fc.assert(
            fc.asyncProperty(bodyFor(ep), key, async (value, k) => {
              const payload = JSON.stringify(value);
              await check(ep, cookie, JSON.parse(payload), {
                url: ep.route.url,
                payload,
                key: ep.route.url === REFUND_PATHS.create || ep.route.url === '/api/v1/refunds' ? k : undefined,
              });
            }),
            RUNS,
          );
        } else {
          await fc.assert(
            fc.asyncProperty(queryFor(ep), async (qs) => {
              await check(ep, cookie, parsedQuery(qs), { url: qs ? `${ep.route.url}?${qs}` : ep.route.url });
            }),
            RUNS,
          );
        }
      }
    },
  );

  it(
    'answers year 0 and year 10000 in every date field as bad input or as a filter, never a database error',
    { timeout: WALK_TIMEOUT },
    async () => {
      let dated = 0;
      for (const ep of endpoints) {
        const dateFields = Object.keys(ep.fields).filter((f) => /^created(From|To)$|At$|Date$/.test(f));
        if (!dateFields.length) continue;
        const cookie = await cookieFor(ep.route);
        for (const field of dateFields) {
          for (const value of [
            '0000-01-01T00:00:00Z',
            '0000-06-01T00:00:00+02:00',
            '10000-01-01T00:00:00Z',
            '+010000-01-01T00:00:00Z',
          ]) {
            dated++;
            const input = { [field]: value };
            await check(
              ep,
              cookie,
              input,
              ep.part === 'body'
                ? { url: ep.route.url, payload: JSON.stringify(input) }
                : { url: `${ep.route.url}?${field}=${encodeURIComponent(value)}` },
            );
          }
        }
      }
      expect(dated).toBeGreaterThanOrEqual(16);
    },
  );

  it(
    'answers malformed and 50,000-deep JSON on every POST route in the envelope, never a 5xx',
    { timeout: WALK_TIMEOUT },
    async () => {
      const deepObject = `${'{"a":'.repeat(50_000)}"x\\u0000"${'}'.repeat(50_000)}`;
      const deepArray = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
      for (const route of t.app.registeredRoutes.filter((r) => r.method === 'POST' && r.schema.body)) {
        const cookie = await cookieFor(route);
        const schema = route.schema.body as z.ZodType;
        const field = fieldsOf(schema)[0] ?? 'x';
        for (const payload of [
          '{"a":',
          '{bad json}',
          deepObject,
          deepArray,
          `{"${field}":${deepObject}}`,
          `{"extra":${deepObject}}`,
        ]) {
          const isApi = route.access === 'api-key';
          const headers: Record<string, string> = {
            'content-type': 'application/json',
            ...(cookie ? { cookie } : {}),
            ...(isApi ? { authorization: apiKey } : {}),
          };
          const res = await t.app.inject({
            method: 'POST',
            url: route.url,
            payload,
            headers,
            remoteAddress: `127.1.${(addressSeq >> 8) & 255}.${addressSeq++ & 255}`,
          });
          const what = `POST ${route.url} ${payload.slice(0, 24)}…`;
          // The merchant API answers 400 and { error: { code } } where the back-office answers 200 and its envelope.
          if (isApi) expect(res.statusCode, what).toBeLessThan(500);
          else expect(res.statusCode, what).toBe(200);
          const json = res.json();
          const body = isApi ? { code: json.error?.code as string | undefined } : json;
          let parsed: unknown;
          try {
            parsed = JSON.parse(payload);
          } catch {
            expect(body.code, what).toBe('001000B001');
            continue;
          }
          // What the schema refuses is a bad input; what it accepts (unknown fields are dropped) is answered normally.
          if (!schema.safeParse(parsed).success) expect(body.code, what).toBe('001000B001');
          else expect(body.code, what).not.toBe('002000S001');
        }
      }
    },
  );

  it('answers a request whose headers are too large with the envelope (not HTTP 431, which means "no session")', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET /usercenter/api/v1/merchant-user-manage/current-user HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
        );
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toMatchObject({
      code: '001000B001',
      msg: 'Invalid request: the request headers are too large.',
      data: null,
    });
  });
});
