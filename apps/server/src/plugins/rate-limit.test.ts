import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, LightMyRequestResponse } from 'fastify';
import { PAYMENT_LINK_PATHS, TEST_CARDS } from '@mbo/contracts/payment-links';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { payments } from '../db/payments-schema';
import { outboxEmails, rateLimits } from '../db/schema';
import { computed, typedRows } from '../db/typed-rows';
import { databaseUrl } from '../test/pg-admin';
import { call, createTestApp, DEMO_PASSWORD, loginAs, TEST_JOBS, type TestApp } from '../test/harness';
import { countCall, RATE_LIMITS } from './rate-limit';

const LOGIN = '/usercenter/web/v1/login';
const FORGOT = '/usercenter/web/v1/forgot-password';
const CURRENT_USER = '/usercenter/api/v1/merchant-user-manage/current-user';

/** A client address of its own for each test (198.18.0.0/15 is reserved for tests). */
const addr = (group: number, n: number) => `198.18.${group}.${n}`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** HTTP 429 with Retry-After (within the window) and the catalogue envelope. */
function expectTooMany(res: LightMyRequestResponse, windowMs: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(res.json()).toEqual({
    code: '001000S003',
    msg: 'Too may operations.',
    msg_params: { originalMsg: 'Too may operations.', isGwErrorMapEnabled: 0, requestId: res.headers['x-request-id'] },
    data: null,
  });
}

describe('rate limits', () => {
  let t: TestApp;
  let owner: string;
  const post = (app: FastifyInstance, url: string, payload: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url, payload, remoteAddress });
  const codeOf = (res: LightMyRequestResponse) =>
    res.statusCode === 429 ? 'HTTP_429' : (res.json() as { code: string }).code;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits login attempts per client address (30 per 10 minutes); other addresses go on; the window runs out', async () => {
    const { max, windowMs } = RATE_LIMITS['login-ip'];
    expect(max).toBe(30);
    const first = await Promise.all(
      range(max).map((i) =>
        post(t.app, LOGIN, { email: `ghost${i}@example.test`, password: 'wrong-password-1' }, addr(1, 1)),
      ),
    );
    expect(first.map(codeOf)).toEqual(range(max).map(() => '002001B017'));
    // The next one is refused, even with the right password, before the password is checked.
    expectTooMany(
      await post(t.app, LOGIN, { email: 'owner@demo.test', password: DEMO_PASSWORD }, addr(1, 1)),
      windowMs,
    );
    expect(codeOf(await post(t.app, LOGIN, { email: 'owner@demo.test', password: DEMO_PASSWORD }, addr(1, 2)))).toBe(
      '000000',
    );
    // Once the window has run out (moved back in the database), the address may try again.
    await t.database.db.execute(sql`UPDATE rate_limits SET expires_at = now() - interval '1 second'`);
    expect(codeOf(await post(t.app, LOGIN, { email: 'owner@demo.test', password: DEMO_PASSWORD }, addr(1, 1)))).toBe(
      '000000',
    );
  });

  it('limits login attempts per account from any address (20 per 10 minutes), the email read as the login reads it', async () => {
    const { max, windowMs } = RATE_LIMITS['login-account'];
    expect(max).toBe(20);
    const spellings = ['spray@example.test', ' Spray@Example.test', 'SPRAY@EXAMPLE.TEST '];
    const first = await Promise.all(
      range(max).map((i) => post(t.app, LOGIN, { email: spellings[i % 3], password: 'wrong-password-1' }, addr(2, i))),
    );
    expect(first.map(codeOf)).toEqual(range(max).map(() => '002001B017'));
    expectTooMany(
      await post(t.app, LOGIN, { email: 'Spray@example.test', password: 'wrong-password-1' }, addr(2, 200)),
      windowMs,
    );
    // Another account from the same address is not affected.
    expect(codeOf(await post(t.app, LOGIN, { email: 'viewer@demo.test', password: DEMO_PASSWORD }, addr(2, 200)))).toBe(
      '000000',
    );
  });

  it('sends at most 3 reset mails per account per 30 minutes, from any address, answering known and unknown emails alike', async () => {
    const { max, windowMs } = RATE_LIMITS['forgot-account'];
    expect(max).toBe(3);
    const mails = async (to: string) =>
      (await t.database.db.select({ n: count() }).from(outboxEmails).where(eq(outboxEmails.toAddress, to)))[0].n;
    const before = await mails('finance@demo.test');
    const known: LightMyRequestResponse[] = [];
    const unknown: LightMyRequestResponse[] = [];
    for (const i of range(12)) {
      known.push(await post(t.app, FORGOT, { email: 'finance@demo.test' }, addr(3, i)));
      unknown.push(await post(t.app, FORGOT, { email: 'nobody-here@demo.test' }, addr(3, 100 + i)));
    }
    const expected = range(12).map((i) => (i < max ? '000000' : 'HTTP_429'));
    expect(known.map(codeOf)).toEqual(expected);
    expect(unknown.map(codeOf)).toEqual(expected);
    expectTooMany(known[11], windowMs);
    expect(await mails('finance@demo.test')).toBe(before + max);
    // Another account, from an address that was just refused for finance@, still gets its mail.
    expect(codeOf(await post(t.app, FORGOT, { email: 'viewer@demo.test' }, addr(3, 11)))).toBe('000000');
  });

  it('limits forgot-password per client address (10 per 30 minutes); other addresses go on', async () => {
    const { max, windowMs } = RATE_LIMITS['forgot-ip'];
    expect(max).toBe(10);
    for (const i of range(max))
      expect(codeOf(await post(t.app, FORGOT, { email: `someone${i}@example.test` }, addr(4, 1)))).toBe('000000');
    expectTooMany(await post(t.app, FORGOT, { email: 'someone-else@example.test' }, addr(4, 1)), windowMs);
    expect(codeOf(await post(t.app, FORGOT, { email: 'someone-else@example.test' }, addr(4, 2)))).toBe('000000');
  });

  describe('hosted checkout', () => {
    const newLink = async () => {
      const res = await call(t.app, 'POST', PAYMENT_LINK_PATHS.create, {
        cookie: owner,
        payload: { amount: '5.00', currency: 'EUR', description: 'Rate limit', reusable: true, expiresInDays: 7 },
      });
      expect(res.body.code).toBe('000000');
      return res.body.data.linkId as string;
    };
    const pay = (linkId: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/pay/${linkId}`,
        remoteAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          host: 'shop.test:8080',
          origin: 'http://shop.test:8080',
        },
        payload: new URLSearchParams({
          email: 'ana@example.com',
          name: 'Ana Customer',
          expiry: '12/39',
          cvc: '123',
          cardNumber: TEST_CARDS.DECLINED,
        }).toString(),
      });
    const paymentsOf = async (linkId: string) =>
      (await t.database.db.select({ n: count() }).from(payments).where(eq(payments.paymentLinkId, linkId)))[0].n;
    const expectPage = (res: LightMyRequestResponse, windowMs: number) => {
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
      expect(res.body).toContain('Too many payment attempts');
      expect(res.body).toContain('No money was taken.');
    };

    it('limits payment attempts per client address (10 per 10 minutes) with a page, writing no payment; other addresses go on', async () => {
      const { max, windowMs } = RATE_LIMITS['pay-ip'];
      expect(max).toBe(10);
      const linkId = await newLink();
      for (const _ of range(max)) expect((await pay(linkId, addr(5, 1))).statusCode).toBe(303);
      expectPage(await pay(linkId, addr(5, 1)), windowMs);
      expect(await paymentsOf(linkId)).toBe(max);
      expect((await pay(linkId, addr(5, 2))).statusCode).toBe(303);
    });

    it('limits payment attempts per link from any address (60 per 10 minutes: card testing); other links go on', async () => {
      const { max, windowMs } = RATE_LIMITS['pay-link'];
      expect(max).toBe(60);
      const linkId = await newLink();
      const answers = await Promise.all(range(max).map((i) => pay(linkId, addr(6, i))));
      expect(answers.map((a) => a.statusCode)).toEqual(range(max).map(() => 303));
      expectPage(await pay(linkId, addr(6, 200)), windowMs);
      expect(await paymentsOf(linkId)).toBe(max);
      expect((await pay(await newLink(), addr(6, 200))).statusCode).toBe(303);
    });
  });

  it('limits the calls of one session (600 per minute); other sessions and public calls go on', async () => {
    const { max, windowMs } = RATE_LIMITS['api-session'];
    expect(max).toBe(600);
    const session = await loginAs(t.app, 'finance@demo.test');
    for (let done = 0; done < max; done += 50) {
      const batch = await Promise.all(range(50).map(() => call(t.app, 'GET', CURRENT_USER, { cookie: session })));
      expect(batch.map((r) => r.status)).toEqual(range(50).map(() => 200));
    }
    const refused = await t.app.inject({ method: 'GET', url: CURRENT_USER, headers: { cookie: session } });
    expectTooMany(refused, windowMs);
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie: await loginAs(t.app, 'finance@demo.test') })).status).toBe(
      200,
    );
    // Public calls with that cookie are not counted against it.
    const forgot = await t.app.inject({
      method: 'POST',
      url: FORGOT,
      payload: { email: 'finance-public@example.test' },
      headers: { cookie: session },
      remoteAddress: addr(7, 1),
    });
    expect(codeOf(forgot)).toBe('000000');
  });

  it('counts calls of a key the caller names against a limit given in numbers (countCall), with the x-ratelimit-* headers', async () => {
    const replyStub = () => {
      const headers: Record<string, string> = {};
      const reply = { header: (name: string, value: unknown) => ((headers[name] = String(value)), reply) };
      return { headers, reply: reply as unknown as Pick<FastifyReply, 'header'> };
    };
    const limit = { max: 2, windowMs: 60_000 };
    const seen = [];
    for (const _ of range(3)) {
      const { headers, reply } = replyStub();
      seen.push({ ...(await countCall(t.database.db, reply, 'count-call:a', limit, Date.now())), headers });
    }
    expect(seen.map((s) => [s.allowed, s.headers['x-ratelimit-limit'], s.headers['x-ratelimit-remaining']])).toEqual([
      [true, '2', '1'],
      [true, '2', '0'],
      [false, '2', '0'],
    ]);
    expect(seen[0].headers['retry-after']).toBeUndefined();
    const refused = seen[2];
    expect(Number(refused.headers['retry-after'])).toBe(refused.retryAfterSeconds);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key has its own count; the counts are rows of the shared table.
    expect((await countCall(t.database.db, replyStub().reply, 'count-call:b', limit, Date.now())).allowed).toBe(true);
    const rows = await t.database.db
      .select({ key: rateLimits.key, count: rateLimits.count })
      .from(rateLimits)
      .where(like(rateLimits.key, 'count-call:%'))
      .orderBy(rateLimits.key);
    expect(rows.map((r) => [r.key, r.count])).toEqual([
      ['count-call:a', 3],
      ['count-call:b', 1],
    ]);
  });

  it('shares the counts between two server instances on one database', async () => {
    // A second instance: its own connection pool (PostgreSQL) to the same database.
    let second: Database = t.database;
    if (t.kind === 'postgres') {
      const [{ name }] = await typedRows(
        t.database.db,
        { name: computed(String) },
        sql`SELECT current_database() AS name`,
      );
      second = await openDatabase({ databaseUrl: databaseUrl(name), poolSize: 5, secrets: t.database.secrets });
    }
    // Without cron schedules, as every test app: the second instance serves calls, its jobs are not what this test is
    // about.
    const other = await buildApp({
      config: { ...loadConfig({}), dataDir: t.app.config.dataDir, smtpUrl: t.smtp.url },
      database: second,
      logger: false,
      jobs: TEST_JOBS,
    });
    await other.ready();
    try {
      const { max, windowMs } = RATE_LIMITS['login-ip'];
      const attempts = range(max).map((i) =>
        post(
          i % 2 ? other : t.app,
          LOGIN,
          { email: `shared${i}@example.test`, password: 'wrong-password-1' },
          addr(8, 1),
        ),
      );
      expect((await Promise.all(attempts)).map(codeOf)).toEqual(range(max).map(() => '002001B017'));
      expectTooMany(
        await post(t.app, LOGIN, { email: 'shared@example.test', password: 'wrong-password-1' }, addr(8, 1)),
        windowMs,
      );
      expectTooMany(
        await post(other, LOGIN, { email: 'shared@example.test', password: 'wrong-password-1' }, addr(8, 1)),
        windowMs,
      );
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});
