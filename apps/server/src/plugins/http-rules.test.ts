import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { auditLog } from '../db/schema';
import { computed, typedRows } from '../db/typed-rows';
import { call, cookieOf, createTestApp, loginAs, type TestApp } from '../test/harness';

const LOGIN = '/usercenter/web/v1/login';
const LOGOUT = '/usercenter/web/v1/logout';
const INVITE = '/usercenter/web/v1/merchant-user-manage/invite';
const CURRENT_USER = '/usercenter/api/v1/merchant-user-manage/current-user';
const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';
const GOOD_LOGIN = JSON.stringify({ email: 'owner@demo.test', password: 'Merchant#2026' });

function expectEnvelope(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'msg_params']);
  expect(body.code).toMatch(/^(000000|\d{6}[BSP]\d{3})$/);
  expect(typeof body.msg).toBe('string');
  expect(body.msg.length).toBeGreaterThan(0);
  if (body.msg_params !== null) {
    // The request id is also the x-request-id header, so support can find the log line.
    expect(body.msg_params).toEqual({
      originalMsg: body.msg,
      isGwErrorMapEnabled: expect.any(Number),
      requestId: res.headers['x-request-id'],
    });
    expect([0, 1]).toContain(body.msg_params.isGwErrorMapEnabled);
  }
  return body as { code: string; msg: string; msg_params: Record<string, unknown> | null; data: unknown };
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('HTTP rules and hardening', () => {
  let t: TestApp;
  let viewer: string;
  let owner: string;
  const count = async (query: ReturnType<typeof sql>) =>
    (await typedRows(t.database.db, { n: computed(Number) }, query))[0].n;
  const loginsOfOwner = () => count(sql`SELECT count(*) AS n FROM login_history WHERE email = 'owner@demo.test'`);

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await loginAs(t.app, 'viewer@demo.test');
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers HTTP 430 with 002001B024 when the role lacks the permission, and does nothing', async () => {
    const finance = await loginAs(t.app, 'finance@demo.test');
    for (const cookie of [viewer, finance]) {
      const res = await call(t.app, 'POST', INVITE, {
        cookie,
        payload: { email: 'new-member@demo.test', roleCode: 'VIEWER' },
      });
      expect(res.status).toBe(430);
      expect(res.body).toMatchObject({ code: '002001B024', msg: 'Permission denied.', data: null });
    }
    expect(await count(sql`SELECT count(*) AS n FROM users WHERE email = 'new-member@demo.test'`)).toBe(0);
    expect(t.smtp.messages.filter((m) => m.to === 'new-member@demo.test')).toHaveLength(0);
  });

  it('answers an unknown route with HTTP 404 and 002000S001, with or without a session', async () => {
    const cases = [
      { method: 'GET' as const, url: '/usercenter/api/v1/no-such-call' },
      { method: 'POST' as const, url: '/acquiring/web/v1/nothing/here' },
      { method: 'GET' as const, url: '/nope?x=1' },
    ];
    for (const c of cases) {
      for (const cookie of [undefined, owner]) {
        const res = await t.app.inject({ method: c.method, url: c.url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, c.url).toBe(404);
        const body = expectEnvelope(res);
        expect(body.code).toBe('002000S001');
        expect(body.msg).not.toContain('?x=1');
      }
    }
  });

  it('answers malformed, empty and oversized JSON with 200 and 001000B001, never a 500', async () => {
    const before = await loginsOfOwner();
    const bodies = ['{"email": "owner@demo.test", "password": ', '{email: 1}', '[1,2', 'undefined', "{'a':1}", ''];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(200);
      const body = expectEnvelope(res);
      expect(body.code, payload).toBe('001000B001');
      expect(body.msg).toMatch(/^Invalid request: /);
      expect(body.msg_params?.isGwErrorMapEnabled).toBe(1);
    }
    // The same on a session-protected call.
    const res = await t.app.inject({
      method: 'POST',
      url: SWITCH,
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: '{"merchantId":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('001000B001');
    // Over the 1 MB body limit.
    const huge = JSON.stringify({ email: 'owner@demo.test', password: 'x'.repeat(1024 * 1024 + 10) });
    const big = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: huge,
    });
    expect(big.statusCode).toBe(200);
    expect(expectEnvelope(big).code).toBe('001000B001');
    expect(await loginsOfOwner()).toBe(before);
  });

  it('refuses text/plain, form and multipart bodies with 001000B001 and logs nobody in', async () => {
    const before = await loginsOfOwner();
    const bodies = [
      { type: 'text/plain', payload: GOOD_LOGIN },
      { type: 'text/plain;charset=UTF-8', payload: GOOD_LOGIN },
      { type: 'application/x-www-form-urlencoded', payload: 'email=owner%40demo.test&password=Merchant%232026' },
      {
        type: 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner@demo.test\r\n--x--\r\n',
      },
    ];
    for (const { type, payload } of bodies) {
      const res = await t.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': type }, payload });
      expect(res.statusCode, type).toBe(200);
      const body = expectEnvelope(res);
      expect(body.code, type).toBe('001000B001');
      expect(body.msg).toMatch(/application\/json/);
      expect(res.headers['set-cookie'], type).toBeUndefined();
    }
    // A form posted to a session call with the victim's cookie does nothing either.
    const res = await t.app.inject({
      method: 'POST',
      url: INVITE,
      headers: { cookie: owner, 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'csrf@demo.test', roleCode: 'OWNER' }),
    });
    expect(res.json().code).toBe('001000B001');
    expect(await count(sql`SELECT count(*) AS n FROM users WHERE email = 'csrf@demo.test'`)).toBe(0);
    expect(await loginsOfOwner()).toBe(before);
  });

  it('refuses a state-changing call from another origin and accepts one from its own', async () => {
    const before = await loginsOfOwner();
    const foreign = ['https://evil.example', 'http://localhost:8081', 'null', 'not a url'];
    for (const origin of foreign) {
      const res = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { origin, host: 'localhost:8080', 'content-type': 'application/json' },
        payload: GOOD_LOGIN,
      });
      expect(res.statusCode, origin).toBe(403);
      expect(expectEnvelope(res).code).toBe('002001B024');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // X-Forwarded-Host is not believed when no proxy is trusted.
    const spoofed = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: {
        origin: 'https://evil.example',
        host: 'localhost:8080',
        'x-forwarded-host': 'evil.example',
        'content-type': 'application/json',
      },
      payload: GOOD_LOGIN,
    });
    expect(spoofed.statusCode).toBe(403);
    expect(await loginsOfOwner()).toBe(before);

    // A cross-site logout does not end the victim's session; a cross-site switch does not switch.
    const session = await loginAs(t.app, 'owner@demo.test');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: LOGOUT,
          headers: { cookie: session, origin: 'https://evil.example' },
        })
      ).statusCode,
    ).toBe(403);
    const sw = await t.app.inject({
      method: 'POST',
      url: SWITCH,
      headers: { cookie: session, origin: 'https://evil.example' },
      payload: { merchantId: 'M1000002' },
    });
    expect(sw.statusCode).toBe(403);
    const me = await call(t.app, 'GET', CURRENT_USER, { cookie: session });
    expect(me.status).toBe(200);
    expect(me.body.data.merchantId).toBe('M1000001');

    // The app's own origin, and a call with no Origin (same-origin GET-like clients), go through.
    const same = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { origin: 'http://localhost:8080', host: 'localhost:8080', 'content-type': 'application/json' },
      payload: GOOD_LOGIN,
    });
    expect(same.json().code).toBe('000000');
    // Reading from another origin is not state-changing (the browser's same-origin policy hides the answer).
    const read = await t.app.inject({
      method: 'GET',
      url: CURRENT_USER,
      headers: { cookie: cookieOf(same), origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('sends the security headers on the web app, on API answers and on errors', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/app/' }),
      await t.app.inject({ method: 'GET', url: '/app/auth/login' }),
      await t.app.inject({ method: 'GET', url: CURRENT_USER, headers: { cookie: owner } }),
      await t.app.inject({ method: 'GET', url: CURRENT_USER }),
      await t.app.inject({
        method: 'POST',
        url: INVITE,
        headers: { cookie: viewer },
        payload: { email: 'x@demo.test', roleCode: 'VIEWER' },
      }),
      await t.app.inject({ method: 'GET', url: '/nope' }),
      await t.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json' }, payload: '{' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([expect.any(Number), expect.any(Number), 200, 431, 430, 404, 200]);
    for (const res of answers) expectSecurityHeaders(res);
    // Served over plain HTTP (the tests), no HSTS and no Secure cookie.
    expect(answers[2].headers['strict-transport-security']).toBeUndefined();
  });

  it('over TLS sends HSTS and marks the session cookie Secure; a 5xx never leaks its message', async () => {
    const config = {
      ...loadConfig({}),
      dataDir: t.app.config.dataDir,
      smtpUrl: t.smtp.url,
      publicUrl: 'https://backoffice.example',
      secureCookies: true,
    };
    const tls = await buildApp({ config, database: t.database, logger: false });
    tls.get('/test-only/boom', { config: { access: 'public' } }, async () => {
      throw new Error('connection to db-secret-host failed: password=hunter2');
    });
    await tls.ready();
    try {
      const login = await tls.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: 'finance@demo.test', password: 'Merchant#2026' },
      });
      expect(login.json().code).toBe('000000');
      expect(String(login.headers['set-cookie'])).toMatch(/; Secure/);
      expect(String(login.headers['strict-transport-security'])).toMatch(/max-age=31536000/);
      expectSecurityHeaders(login);

      const boom = await tls.inject({ method: 'GET', url: '/test-only/boom' });
      expect(boom.statusCode).toBe(500);
      const body = expectEnvelope(boom);
      expect(body.code).toBe('002000S001');
      expect(boom.payload).not.toMatch(/hunter2|db-secret-host/);
    } finally {
      await tls.close();
    }
  });

  it('keeps the audit log append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const db = t.database.db;
    const before = await count(sql`SELECT count(*) AS n FROM audit_log`);
    expect(before).toBeGreaterThan(0);
    const [first] = await db
      .select({ id: auditLog.id, action: auditLog.action })
      .from(auditLog)
      .orderBy(auditLog.id)
      .limit(1);
    await expect(
      db.execute(sql`UPDATE audit_log SET action = 'NOTHING_HAPPENED' WHERE id = ${first.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`UPDATE audit_log SET outcome = 'SUCCESS'`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_log WHERE id = ${first.id}`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect(await count(sql`SELECT count(*) AS n FROM audit_log`)).toBe(before);
    const [again] = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.id, first.id));
    expect(again.action).toBe(first.action);
    // Appending still works.
    await db.execute(sql`INSERT INTO audit_log (action, outcome) VALUES ('TEST_APPEND', 'SUCCESS')`);
    expect(await count(sql`SELECT count(*) AS n FROM audit_log`)).toBe(before + 1);
  });

  it('answers every kind of call with the envelope {code, msg, msg_params, data}', async () => {
    const answers: LightMyRequestResponse[] = [
      await t.app.inject({ method: 'GET', url: CURRENT_USER, headers: { cookie: owner } }),
      await t.app.inject({
        method: 'GET',
        url: '/usercenter/api/v1/merchant-user/menu-list',
        headers: { cookie: owner },
      }),
      await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: 'owner@demo.test', password: 'wrong-password-1' },
      }),
      await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: 'bad' } }),
      await t.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'text/plain' }, payload: 'x' }),
      await t.app.inject({ method: 'GET', url: CURRENT_USER }),
      await t.app.inject({ method: 'POST', url: INVITE, headers: { cookie: viewer }, payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: SWITCH,
        headers: { cookie: owner },
        payload: { merchantId: 'M2000001' },
      }),
      await t.app.inject({ method: 'DELETE', url: CURRENT_USER, headers: { cookie: owner } }),
      await t.app.inject({ method: 'POST', url: LOGIN, headers: { origin: 'https://evil.example' }, payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: '/usercenter/web/v1/forgot-password',
        payload: { email: 'nobody@demo.test' },
      }),
    ];
    const codes = answers.map((res) => expectEnvelope(res).code);
    expect(codes).toEqual([
      '000000',
      '000000',
      '002001B017',
      '001000B001',
      '001000B001',
      '002001B010',
      '002001B024',
      '002001B035',
      '002000S001',
      '002001B024',
      '000000',
    ]);
  });

  it('makes a request id on the server, sends it back as x-request-id and in every error envelope', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const okAnswer = await t.app.inject({
      method: 'GET',
      url: CURRENT_USER,
      headers: { cookie: owner, 'x-request-id': 'client-chosen-id' },
    });
    expect(okAnswer.headers['x-request-id']).toMatch(uuid);
    const failed = await t.app.inject({
      method: 'GET',
      url: CURRENT_USER,
      headers: { 'x-request-id': 'client-chosen-id' },
    });
    const id = failed.headers['x-request-id'];
    // Without a trusted proxy the client's id is not taken.
    expect(id).toMatch(uuid);
    expect(id).not.toBe(okAnswer.headers['x-request-id']);
    expect(failed.json().msg_params.requestId).toBe(id);

    // Behind a trusted proxy its id is kept, when it is a short token.
    const proxied = await buildApp({
      config: { ...loadConfig({}), dataDir: t.app.config.dataDir, smtpUrl: t.smtp.url, trustProxy: 1 },
      database: t.database,
      logger: false,
    });
    try {
      const kept = await proxied.inject({ method: 'GET', url: CURRENT_USER, headers: { 'x-request-id': 'lb-4f2a9c' } });
      expect(kept.headers['x-request-id']).toBe('lb-4f2a9c');
      expect(kept.json().msg_params.requestId).toBe('lb-4f2a9c');
      const forged = await proxied.inject({
        method: 'GET',
        url: CURRENT_USER,
        headers: { 'x-request-id': 'a b\nfake log line' },
      });
      expect(forged.headers['x-request-id']).toMatch(uuid);
    } finally {
      await proxied.close();
    }
  });

  it('marks API answers Cache-Control: no-store (personal data), errors included', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: CURRENT_USER, headers: { cookie: owner } }),
      await t.app.inject({
        method: 'POST',
        url: '/acquiring/web/v1/payment/list',
        headers: { cookie: owner },
        payload: {},
      }),
      await t.app.inject({ method: 'GET', url: CURRENT_USER }),
      await t.app.inject({ method: 'GET', url: '/nope' }),
      await t.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json' }, payload: '{' }),
    ];
    expect(answers.map((res) => res.headers['cache-control'])).toEqual(answers.map(() => 'no-store'));
  });
});
