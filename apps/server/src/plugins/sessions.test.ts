import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLog, sessions, users } from '../db/schema';
import { computed, typedRows } from '../db/typed-rows';
import { hashToken } from '../lib/tokens';
import { call, createTestApp, loginAs, type TestApp } from '../test/harness';

const CURRENT_USER = '/usercenter/api/v1/merchant-user-manage/current-user';
const MENU_LIST = '/usercenter/api/v1/merchant-user/menu-list';
const IS_PERMISSION_ALLOWED = '/usercenter/api/v1/permission/is-permission-allowed';
const LOGOUT = '/usercenter/web/v1/logout';

/** Every session-protected call of spec section 7, with a payload that would otherwise succeed. */
const SESSION_CALLS: { method: 'GET' | 'POST'; url: string; payload?: object; query?: Record<string, string> }[] = [
  { method: 'POST', url: '/usercenter/api/v1/merchant-user/login-history-list', payload: { pageNum: 1, pageSize: 10 } },
  { method: 'POST', url: '/usercenter/web/v1/switch-user-access-merchant', payload: { merchantId: 'M1000001' } },
  { method: 'GET', url: IS_PERMISSION_ALLOWED, query: { permissionCodes: 'API_MEMBER_ADD' } },
  {
    method: 'GET',
    url: '/acquiringmerchant/web/v1/dispute-order/status/count',
    query: { disputeStatus: 'EVIDENCE_REQUIRED' },
  },
  { method: 'GET', url: '/usercenter/web/v1/merchant-info/query-sub-merchant-list' },
  { method: 'GET', url: '/acquiring/web/v1/agreement/dropdown-configs' },
  { method: 'GET', url: '/acquiring/web/v1/pay-method/dropdown-configs' },
  { method: 'GET', url: MENU_LIST },
  { method: 'GET', url: CURRENT_USER },
  // The session-protected calls the product adds.
  { method: 'POST', url: LOGOUT },
  {
    method: 'POST',
    url: '/usercenter/web/v1/change-password',
    payload: { currentPassword: 'Merchant#2026', newPassword: 'Another-pass-2026' },
  },
  {
    method: 'POST',
    url: '/usercenter/web/v1/force-reset-password',
    payload: { currentPassword: 'Merchant#2026', newPassword: 'Another-pass-2026' },
  },
  {
    method: 'POST',
    url: '/usercenter/web/v1/merchant-user-manage/invite',
    payload: { email: 'nobody-new@demo.test', roleCode: 'VIEWER' },
  },
];

/** The stored id of the session behind a cookie (only the token's SHA-256 is stored). */
function sessionId(cookie: string): string {
  return hashToken(/(?:^|;\s*)mbo_sid=([^;]*)/.exec(cookie)?.[1] ?? '');
}

describe('sessions', () => {
  let t: TestApp;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const status = async (cookie: string) => (await call(t.app, 'GET', CURRENT_USER, { cookie })).status;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers HTTP 431 with 002001B010 on every session-protected call without a cookie', async () => {
    for (const c of SESSION_CALLS) {
      const res = await call(t.app, c.method, c.url, { payload: c.payload, query: c.query });
      expect(res.status, `${c.method} ${c.url}`).toBe(431);
      expect(res.body, `${c.method} ${c.url}`).toEqual({
        code: '002001B010',
        msg: 'User not login.',
        msg_params: { originalMsg: 'User not login.', isGwErrorMapEnabled: 0, requestId: expect.any(String) },
        data: null,
      });
    }
    // Nothing was done on the way: no invited user, no switch.
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, 'nobody-new@demo.test'));
    expect(row.n).toBe(0);
  });

  it('answers 431 to an unknown or forged session cookie and works with a real one', async () => {
    for (const cookie of ['mbo_sid=forged-token-value', 'mbo_sid=', `mbo_sid=${'a'.repeat(43)}`]) {
      for (const c of SESSION_CALLS.slice(0, 9)) {
        expect(
          (await call(t.app, c.method, c.url, { cookie, payload: c.payload, query: c.query })).status,
          `${c.url} with ${cookie}`,
        ).toBe(431);
      }
    }
    const cookie = await loginAs(t.app, 'owner@demo.test');
    for (const c of SESSION_CALLS.slice(0, 9)) {
      const res = await call(t.app, c.method, c.url, { cookie, payload: c.payload, query: c.query });
      expect(res.status, c.url).toBe(200);
      expect(res.body.code, c.url).toBe('000000');
    }
  });

  it("ends all the user's sessions at logout, clears the cookie and writes an audit row", async () => {
    const elsewhere = await loginAs(t.app, 'finance@demo.test');
    const cookie = await loginAs(t.app, 'finance@demo.test');
    const other = await loginAs(t.app, 'owner@demo.test');
    const res = await t.app.inject({ method: 'POST', url: LOGOUT, headers: { cookie } });
    expect(res.json()).toMatchObject({ code: '000000' });
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(/^mbo_sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect(cleared).toMatch(/Path=\//);
    expect(cleared).toMatch(/mbo_signed_in=;/);

    for (const c of SESSION_CALLS.slice(0, 9)) {
      const after = await call(t.app, c.method, c.url, { cookie, payload: c.payload, query: c.query });
      expect(after.status, c.url).toBe(431);
      expect(after.body.code).toBe('002001B010');
    }
    // A second logout with the ended cookie is refused too; another user's session is untouched.
    expect((await call(t.app, 'POST', LOGOUT, { cookie })).status).toBe(431);
    expect(await status(elsewhere)).toBe(431);
    expect(await status(other)).toBe(200);

    const [session] = await t.database.db
      .select({ endedAt: sessions.endedAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId(cookie)));
    expect(session.endedAt).not.toBeNull();
    const [row] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'LOGOUT'),
          eq(auditLog.actorEmail, 'finance@demo.test'),
          eq(auditLog.outcome, 'SUCCESS'),
        ),
      );
    expect(row.n).toBe(1);
  });

  it('keeps an active session alive and ends it after 15 minutes idle', async () => {
    const cookie = await loginAs(t.app, 'viewer@demo.test');
    const id = sessionId(cookie);
    // 14 minutes idle: still valid, and the call counts as activity.
    await exec(sql`UPDATE sessions SET last_seen_at = now() - interval '14 minutes' WHERE id = ${id}`);
    expect(await status(cookie)).toBe(200);
    const [seen] = await typedRows(
      t.database.db,
      { idle_seconds: computed(Number) },
      sql`SELECT extract(epoch FROM now() - last_seen_at) AS idle_seconds FROM sessions WHERE id = ${id}`,
    );
    expect(seen.idle_seconds).toBeLessThan(60);

    await exec(sql`UPDATE sessions SET last_seen_at = now() - interval '15 minutes 1 second' WHERE id = ${id}`);
    const res = await call(t.app, 'GET', MENU_LIST, { cookie });
    expect(res.status).toBe(431);
    expect(res.body.code).toBe('002001B010');
    // A refused call is no activity: the session stays ended.
    expect(await status(cookie)).toBe(431);
  });

  it('ends a session 12 hours after login however active it is', async () => {
    const cookie = await loginAs(t.app, 'viewer@demo.test');
    const id = sessionId(cookie);
    const [row] = await typedRows(
      t.database.db,
      { hours: computed(Number) },
      sql`SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours FROM sessions WHERE id = ${id}`,
    );
    expect(row.hours).toBeCloseTo(12, 2);

    await exec(sql`UPDATE sessions SET expires_at = now() + interval '1 minute' WHERE id = ${id}`);
    expect(await status(cookie)).toBe(200);
    await exec(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second', last_seen_at = now() WHERE id = ${id}`,
    );
    const res = await call(t.app, 'GET', IS_PERMISSION_ALLOWED, {
      cookie,
      query: { permissionCodes: 'API_MEMBER_ADD' },
    });
    expect(res.status).toBe(431);
    expect(res.body.code).toBe('002001B010');
  });

  it('sets the session cookie for at most 12 hours', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/usercenter/web/v1/login',
      payload: { email: 'viewer@demo.test', password: 'Merchant#2026' },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=43200/);
  });

  it('ends every session of a user at once when the user is disabled', async () => {
    const first = await loginAs(t.app, 'finance@demo.test');
    const second = await loginAs(t.app, 'finance@demo.test');
    const bystander = await loginAs(t.app, 'owner@demo.test');
    expect(await status(first)).toBe(200);
    expect(await status(second)).toBe(200);
    await exec(sql`UPDATE users SET status = 'DISABLED' WHERE email = 'finance@demo.test'`);
    try {
      for (const cookie of [first, second]) {
        const res = await call(t.app, 'GET', CURRENT_USER, { cookie });
        expect(res.status).toBe(431);
        expect(res.body.code).toBe('002001B010');
        expect((await call(t.app, 'GET', MENU_LIST, { cookie })).status).toBe(431);
      }
      expect(await status(bystander)).toBe(200);
      // And the disabled user cannot start a new one.
      const login = await call(t.app, 'POST', '/usercenter/web/v1/login', {
        payload: { email: 'finance@demo.test', password: 'Merchant#2026' },
      });
      expect(login.body.code).toBe('002001B018');
    } finally {
      await exec(sql`UPDATE users SET status = 'ACTIVE' WHERE email = 'finance@demo.test'`);
    }
    // Re-enabling the user does not bring the old sessions back: they were ended, not hidden.
    expect(await status(first)).toBe(431);
    expect(await status(second)).toBe(431);
  });

  it('applies a role change on the next call, with no new login', async () => {
    const cookie = await loginAs(t.app, 'viewer@demo.test');
    const ask = async () =>
      (
        await call(t.app, 'GET', IS_PERMISSION_ALLOWED, {
          cookie,
          query: { permissionCodes: 'API_PAYMENT_REFUND,API_MEMBER_ADD,API_DISPUTES_STATUS_COUNT' },
        })
      ).body.data.permissions;
    const menuUrls = async () => JSON.stringify((await call(t.app, 'GET', MENU_LIST, { cookie })).body.data);
    const invite = () =>
      call(t.app, 'POST', '/usercenter/web/v1/merchant-user-manage/invite', {
        cookie,
        payload: { email: 'role-change@demo.test', roleCode: 'VIEWER' },
      });

    expect(await ask()).toEqual({
      API_PAYMENT_REFUND: 'DENY',
      API_MEMBER_ADD: 'DENY',
      API_DISPUTES_STATUS_COUNT: 'ALLOW',
    });
    expect(await menuUrls()).not.toContain('/settings/bank-accounts');
    expect((await invite()).status).toBe(430);

    await exec(sql`UPDATE users SET role_code = 'FINANCE' WHERE email = 'viewer@demo.test'`);
    try {
      expect(await ask()).toEqual({
        API_PAYMENT_REFUND: 'ALLOW',
        API_MEMBER_ADD: 'DENY',
        API_DISPUTES_STATUS_COUNT: 'ALLOW',
      });
      expect(await menuUrls()).toContain('/settings/bank-accounts');
      expect((await call(t.app, 'GET', CURRENT_USER, { cookie })).body.data).toMatchObject({
        roleCode: 'FINANCE',
        roleName: 'Finance',
      });

      await exec(sql`UPDATE users SET role_code = 'OWNER' WHERE email = 'viewer@demo.test'`);
      expect(await ask()).toEqual({
        API_PAYMENT_REFUND: 'ALLOW',
        API_MEMBER_ADD: 'ALLOW',
        API_DISPUTES_STATUS_COUNT: 'ALLOW',
      });
      expect((await invite()).body.code).toBe('000000');
    } finally {
      await exec(sql`UPDATE users SET role_code = 'VIEWER' WHERE email = 'viewer@demo.test'`);
    }
    // Taking the grant away applies at once as well.
    expect(await ask()).toEqual({
      API_PAYMENT_REFUND: 'DENY',
      API_MEMBER_ADD: 'DENY',
      API_DISPUTES_STATUS_COUNT: 'ALLOW',
    });
    expect(
      (
        await call(t.app, 'POST', '/usercenter/web/v1/merchant-user-manage/invite', {
          cookie,
          payload: { email: 'role-change-2@demo.test', roleCode: 'VIEWER' },
        })
      ).status,
    ).toBe(430);
  });
});
