import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLog, loginHistory, users } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import type { AppError } from '../../lib/app-error';
import { call, cookieOf, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { login } from './login';

const LOGIN = '/usercenter/web/v1/login';
const CURRENT_USER = '/usercenter/api/v1/merchant-user-manage/current-user';
const CLIENT = { ip: '198.51.100.20', userAgent: 'login-test' };

describe('login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs in with email and password and sets an httpOnly SameSite session cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'OWNER@demo.test ', password: 'Merchant#2026' },
    });
    expect(res.json()).toMatchObject({ code: '000000', data: { forceResetPassword: false } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/mbo_sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // The hint beside it holds no secret and is readable by the page.
    const hint = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('mbo_signed_in='));
    expect(hint).toMatch(/^mbo_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    const me = await call(t.app, 'GET', CURRENT_USER, { cookie: cookieOf(res) });
    expect(me.body.data).toMatchObject({
      email: 'owner@demo.test',
      merchantSignProducts: 'DIRECT_PAYMENT',
      merchantName: 'Demo Store',
    });
  });

  it('answers a wrong password and an unknown email with the same catalogue error', async () => {
    const wrong = await call(t.app, 'POST', LOGIN, {
      payload: { email: 'finance@demo.test', password: 'not-the-password1' },
    });
    const unknown = await call(t.app, 'POST', LOGIN, {
      payload: { email: 'nobody@demo.test', password: 'not-the-password1' },
    });
    expect(wrong.body.code).toBe('002001B017');
    // Alike but for the request id each answer carries.
    const withoutId = (body: typeof wrong.body) => ({
      ...body,
      msg_params: { ...body.msg_params, requestId: undefined },
    });
    expect(withoutId(unknown.body)).toEqual(withoutId(wrong.body));
    expect(unknown.status).toBe(wrong.status);
  });

  it('tells an invited user to set a password first and a disabled user to check the status', async () => {
    expect(
      (await call(t.app, 'POST', LOGIN, { payload: { email: 'invited@demo.test', password: 'Merchant#2026' } })).body
        .code,
    ).toBe('002001B022');
    expect(
      (await call(t.app, 'POST', LOGIN, { payload: { email: 'disabled@demo.test', password: 'Merchant#2026' } })).body
        .code,
    ).toBe('002001B018');
  });

  it('names the field of a bad input instead of failing', async () => {
    const res = await call(t.app, 'POST', LOGIN, { payload: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('001000B001');
    expect(res.body.msg).toContain('email');
    expect(res.body.msg_params?.isGwErrorMapEnabled).toBe(1);
  });

  it('issues a new session id at every login and ends the previous one', async () => {
    const first = await loginAs(t.app, 'viewer@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'viewer@demo.test', password: 'Merchant#2026' },
      headers: { cookie: first },
    });
    const second = cookieOf(res);
    expect(second).not.toEqual(first);
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie: first })).status).toBe(431);
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie: second })).status).toBe(200);
  });

  it('locks the account after 10 failures under 50 parallel wrong passwords, for 30 minutes', async () => {
    // The login itself, in parallel (through HTTP the per-account rate limit would refuse most of them first).
    const attempt = (password: string) =>
      login(t.database.db, { email: 'payouts@demo.test', password }, CLIENT).then(
        () => '000000',
        (err: AppError) => err.code,
      );
    const codes = await Promise.all(Array.from({ length: 50 }, () => attempt('wrong-password-123')));
    expect(codes.every((c) => c === '002001B017' || c === '002001B030')).toBe(true);
    expect(codes.filter((c) => c === '002001B017').length).toBeLessThanOrEqual(9);
    const [row] = await typedRows(
      t.database.db,
      { failed_login_count: users.failedLoginCount, minutes: computed(Number) },
      sql`SELECT failed_login_count, extract(epoch FROM locked_until - now()) / 60 AS minutes FROM users WHERE email = 'payouts@demo.test'`,
    );
    expect(row.failed_login_count).toBeGreaterThanOrEqual(10);
    expect(row.minutes).toBeGreaterThan(29);
    expect(row.minutes).toBeLessThanOrEqual(30);
    // The right password does not open a locked account, through HTTP either.
    const right = await call(t.app, 'POST', LOGIN, {
      payload: { email: 'payouts@demo.test', password: 'Merchant#2026' },
    });
    expect(right.body.code).toBe('002001B030');
    expect(right.body.msg).toMatch(/locked/);
    const [failures] = await t.database.db
      .select({ n: count() })
      .from(loginHistory)
      .where(and(eq(loginHistory.email, 'payouts@demo.test'), eq(loginHistory.result, 'FAILURE')));
    expect(failures.n).toBe(51);
  });

  it('lets a user in again once the lock has run out, with a fresh count', async () => {
    await t.database.db.execute(
      sql`UPDATE users SET locked_until = now() - interval '1 second' WHERE email = 'payouts@demo.test'`,
    );
    const wrong = await call(t.app, 'POST', LOGIN, {
      payload: { email: 'payouts@demo.test', password: 'wrong-password-123' },
    });
    expect(wrong.body.code).toBe('002001B017');
    await loginAs(t.app, 'payouts@demo.test');
  });

  it('writes an audit row for every login and failed login', async () => {
    const rows = await t.database.db
      .select({ action: auditLog.action, outcome: auditLog.outcome, n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'LOGIN'))
      .groupBy(auditLog.action, auditLog.outcome);
    expect(rows.find((r) => r.outcome === 'SUCCESS')).toBeTruthy();
    expect(rows.find((r) => r.outcome === 'FAILURE')).toBeTruthy();
  });
});
