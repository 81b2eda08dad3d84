import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../config';
import { apiKeys } from '../../db/integration-schema';
import { rateLimits } from '../../db/schema';
import { settableClock } from '../../lib/clock';
import { createTestApp, loginAs, type TestApp } from '../../test/harness';
import { apiKeyLimitKey, tooManyApiCallsMessage } from './api-call-guard';
import { API_KEY_REFUSED_MESSAGE } from './authenticate-api-key';
import { createKey, guardedApp, ping, revokeKey, secondDatabase } from './api-key-test-helpers';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function expectRefusedKey(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ code: '013001B040', msg: API_KEY_REFUSED_MESSAGE, data: null });
}

describe('the merchant API guard: API key and per-key rate limit', () => {
  let t: TestApp;
  let owner: string;
  let api: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    api = await guardedApp(t);
  });
  afterAll(async () => {
    await api?.close();
    await t?.close();
  });

  it("lets a valid key in as its merchant's key and records when and from where it was last used", async () => {
    const { key, secret } = await createKey(t.app, owner, 'Server A');
    const res = await ping(api, `Bearer ${secret}`, { remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ keyId: key.keyId, merchantId: 'M1000001', mode: 'SANDBOX', name: 'Server A' });
    expect(res.headers['x-ratelimit-limit']).toBe('100');
    expect(res.headers['x-ratelimit-remaining']).toBe('99');
    const [row] = await t.database.db
      .select({ last_used_at: apiKeys.lastUsedAt, last_used_ip: apiKeys.lastUsedIp })
      .from(apiKeys)
      .where(eq(apiKeys.id, key.keyId));
    expect(row.last_used_ip).toBe('203.0.113.7');
    expect(Math.abs((row.last_used_at?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    // Another merchant's key is that merchant's: the API acts for the key's merchant only.
    const other = await createKey(t.app, await loginAs(t.app, 'payouts@demo.test'), 'Payouts server');
    expect((await ping(api, `Bearer ${other.secret}`)).json().data.merchantId).toBe('M2000001');
  });

  it('refuses a revoked key on its very next call', async () => {
    const { key, secret } = await createKey(t.app, owner, 'Soon revoked');
    expect((await ping(api, `Bearer ${secret}`)).statusCode).toBe(200);
    await revokeKey(t.app, owner, key.keyId);
    expectRefusedKey(await ping(api, `Bearer ${secret}`));
  });

  it('refuses a session cookie without a key, malformed headers and unknown keys (401, nothing counted)', async () => {
    const { secret } = await createKey(t.app, owner, 'Shape check');
    const apiKeyLimits = async () =>
      (await t.database.db.select({ n: count() }).from(rateLimits).where(like(rateLimits.key, 'api-key:%')))[0].n;
    const before = await apiKeyLimits();
    expectRefusedKey(await ping(api, undefined, { cookie: owner }));
    for (const header of [
      '',
      'Bearer',
      secret,
      `Basic ${Buffer.from(`${secret}:`).toString('base64')}`,
      `Bearer ${secret.slice(0, -1)}`,
      `Bearer ${secret}x`,
      `Bearer ${secret} ${secret}`,
      `Bearer ${secret.replace('sk_test_', 'sk_live_')}`,
      `Bearer sk_test_${'A'.repeat(32)}`,
    ]) {
      expectRefusedKey(await ping(api, header, { cookie: owner }));
    }
    const after = await apiKeyLimits();
    expect(after).toBe(before);
  });

  it('answers 429 with Retry-After over the per-key limit of a one-second window, on either instance, and lets the key in again once it has passed', async () => {
    // The production window (1 second) with a small maximum. Both instances read one clock that
    // stands still until the test moves it: the window ends when the test says, however slow the calls.
    const limit = { max: 3, windowMs: 1000 };
    const clock = settableClock(Date.now());
    const second = await secondDatabase(t);
    const [a, b] = await Promise.all([
      guardedApp(t, { config: { apiKeyRateLimit: limit, clock } }),
      guardedApp(t, { database: second, config: { apiKeyRateLimit: limit, clock } }),
    ]);
    try {
      const { secret } = await createKey(t.app, owner, 'Small limit');
      const answers: LightMyRequestResponse[] = [];
      for (const i of range(4)) answers.push(await ping(i % 2 ? a : b, `Bearer ${secret}`));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      const refused = answers[3];
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.headers['x-ratelimit-limit']).toBe('3');
      expect(refused.headers['x-ratelimit-reset']).toBe('1');
      expect(refused.json()).toMatchObject({
        code: '001000S003',
        msg: tooManyApiCallsMessage(limit.max, limit.windowMs),
        data: null,
      });
      expect(refused.json().msg).toBe(
        'Too many requests for this API key: at most 3 a second. Retry after the Retry-After seconds.',
      );
      // A millisecond before the window ends the key is still refused; at its end it is let in, a new window begun.
      clock.advance(limit.windowMs - 1);
      const almost = await ping(b, `Bearer ${secret}`);
      expect(almost.statusCode).toBe(429);
      expect(almost.headers['retry-after']).toBe('1');
      clock.advance(1);
      const again = await ping(a, `Bearer ${secret}`);
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-ratelimit-remaining']).toBe('2');
    } finally {
      await Promise.all([a.close(), b.close()]);
      if (second !== t.database) await second.close();
    }
  });

  it('counts per key across two server instances on one database: 100 calls pass, the 101st gets 429', async () => {
    // The limit as configured (100 a second). The instances' clock stands still: 101 calls through two
    // instances on 2 shared cores (PGlite runs one query at a time) can take longer than a second of
    // real time, and all of them still fall in one window.
    const limit = loadConfig({}).apiKeyRateLimit;
    expect(limit).toEqual({ max: 100, windowMs: 1000 });
    const clock = settableClock(Date.now());
    const second = await secondDatabase(t);
    const [a, b] = await Promise.all([
      guardedApp(t, { config: { apiKeyRateLimit: limit, clock } }),
      guardedApp(t, { database: second, config: { apiKeyRateLimit: limit, clock } }),
    ]);
    try {
      const { secret } = await createKey(t.app, owner, 'Two instances');
      const other = await createKey(t.app, owner, 'Another key');
      const answers = await Promise.all(range(limit.max).map((i) => ping(i % 2 ? a : b, `Bearer ${secret}`)));
      expect(answers.map((r) => r.statusCode)).toEqual(range(limit.max).map(() => 200));
      for (const app of [a, b]) {
        const refused = await ping(app, `Bearer ${secret}`);
        expect(refused.statusCode).toBe(429);
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(limit.windowMs / 1000);
        expect(refused.json().code).toBe('001000S003');
      }
      // The limit is the key's: another key of the same merchant goes on.
      expect((await ping(b, `Bearer ${other.secret}`)).statusCode).toBe(200);
      // Once the window has run out, the key goes on.
      clock.advance(limit.windowMs);
      expect((await ping(a, `Bearer ${secret}`)).statusCode).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
      if (second !== t.database) await second.close();
    }
  });

  it('counts nothing when the rate limits are off (config.rateLimits false)', async () => {
    const unlimited = await guardedApp(t, {
      config: { rateLimits: false, apiKeyRateLimit: { max: 2, windowMs: 60_000 } },
    });
    try {
      const { key, secret } = await createKey(t.app, owner, 'Unlimited');
      const answers = await Promise.all(range(5).map(() => ping(unlimited, `Bearer ${secret}`)));
      expect(answers.map((r) => r.statusCode)).toEqual(range(5).map(() => 200));
      expect(answers[0].headers['x-ratelimit-limit']).toBeUndefined();
      const rows = await t.database.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(eq(rateLimits.key, apiKeyLimitKey(key.keyId)));
      expect(rows).toHaveLength(0);
      // Keys are still required.
      expectRefusedKey(await ping(unlimited, undefined));
    } finally {
      await unlimited.close();
    }
  });
});
