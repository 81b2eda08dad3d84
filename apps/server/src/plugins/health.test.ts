import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Database, Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { createTestApp, loginAs, type TestApp } from '../test/harness';
import { signal } from '../test/signal';
import healthPlugin, { DATABASE_TIMEOUT_MS, HEALTH_PATHS, jobsCheck, type HealthOptions } from './health';

/**
 * The probes alone (no job queue, no other plugin) over the test app's database, except that every
 * query fails, or never answers, the way a lost connection does.
 */
async function probesOnBrokenDatabase(
  database: Database,
  execute: () => Promise<never>,
  migrated = true,
  options: HealthOptions = {},
) {
  const db = new Proxy(database.db, {
    get: (target, prop, receiver) => (prop === 'execute' ? execute : Reflect.get(target, prop, receiver)),
  }) as Db;
  const app = Fastify({ logger: false });
  app.decorate('db', db);
  app.decorate('database', { ...database, db, migrated });
  await app.register(healthPlugin, options);
  return app;
}

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /healthz answers 200 {status: ok}, uncached, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: HEALTH_PATHS.live });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ method: 'HEAD', url: HEALTH_PATHS.live })).statusCode).toBe(200);
  });

  it('GET /readyz answers 200 with its checks when the database answers and the migrations ran', async () => {
    const res = await t.app.inject({ method: 'GET', url: HEALTH_PATHS.ready });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const jobs = (t.app as unknown as { jobs?: unknown }).jobs === undefined ? 'not applicable' : 'ok';
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs } });
  });

  it('passes the same-origin check and the session check: a foreign Origin, a stale cookie, a live session', async () => {
    const owner = await loginAs(t.app, 'owner@demo.test');
    for (const headers of [
      { origin: 'https://elsewhere.example' },
      { cookie: 'mbo_sid=not-a-session' },
      { cookie: owner },
    ]) {
      for (const url of [HEALTH_PATHS.live, HEALTH_PATHS.ready]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
      }
    }
  });

  it('is not rate-limited, even when the probe carries a session cookie', async () => {
    const owner = await loginAs(t.app, 'owner@demo.test');
    await t.database.db.execute(sql`DELETE FROM rate_limits`);
    // More calls than the per-session limit (600 a minute) allows.
    const statuses: number[] = [];
    for (let i = 0; i < 650; i++) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: HEALTH_PATHS.live, headers: { cookie: owner } })).statusCode,
      );
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const [counted] = await t.database.db.select({ n: count() }).from(rateLimits);
    expect(counted.n).toBe(0);
  });

  it('answers 503 naming the failed check, and no error text, when the database fails', async () => {
    const app = await probesOnBrokenDatabase(t.database, () =>
      Promise.reject(new Error('connect ECONNREFUSED db-secret.internal:5432')),
    );
    try {
      const res = await app.inject({ method: 'GET', url: HEALTH_PATHS.ready });
      expect(res.statusCode).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ status: 'not ready', checks: { database: 'failed', migrations: 'ok' } });
      expect(res.body).not.toMatch(/ECONNREFUSED|secret|5432/);
      // The process itself is alive.
      expect((await app.inject({ method: 'GET', url: HEALTH_PATHS.live })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the database does not answer within 2 s, or the migrations did not run', async () => {
    // The database never answers; the test fires the check's deadline instead of waiting 2 s for it.
    const armed: { ms: number; expire: () => void; cancelled: boolean }[] = [];
    const deadline = (expire: () => void, ms: number) => {
      const entry = { ms, expire, cancelled: false };
      armed.push(entry);
      return () => (entry.cancelled = true);
    };
    const asked = signal();
    const app = await probesOnBrokenDatabase(
      t.database,
      () => (asked.resolve(), new Promise<never>(() => undefined)),
      false,
      { deadline },
    );
    try {
      const answer = app.inject({ method: 'GET', url: HEALTH_PATHS.ready });
      await asked.promise;
      expect(armed.map((a) => a.ms)).toEqual([DATABASE_TIMEOUT_MS]);
      armed[0].expire();
      const res = await answer;
      expect(armed[0].cancelled).toBe(true);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', checks: { database: 'failed', migrations: 'failed' } });
    } finally {
      await app.close();
    }
  });

  it('reads the job queue when the app has one: ready only once it has started', () => {
    expect(jobsCheck({})).toBe('not applicable');
    expect(jobsCheck({ jobs: { started: false } })).toBe('failed');
    expect(jobsCheck({ jobs: { started: true } })).toBe('ok');
  });
});
