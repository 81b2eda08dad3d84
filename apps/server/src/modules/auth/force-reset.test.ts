import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import { call, cookieOf, createTestApp, loginAs, type TestApp } from '../../test/harness';

const LOGIN = '/usercenter/web/v1/login';
const LOGOUT = '/usercenter/web/v1/logout';
const FORCE_RESET = '/usercenter/web/v1/force-reset-password';
const CURRENT_USER = '/usercenter/api/v1/merchant-user-manage/current-user';
const MENU_LIST = '/usercenter/api/v1/merchant-user/menu-list';
const OLD = 'Merchant#2026';
const NEW = 'Riley-fresh-pass-26';

/** Everything but current-user, logout and the reset itself, with payloads that would succeed. */
const BLOCKED: { method: 'GET' | 'POST'; url: string; payload?: object; query?: Record<string, string> }[] = [
  { method: 'GET', url: MENU_LIST },
  {
    method: 'GET',
    url: '/usercenter/api/v1/permission/is-permission-allowed',
    query: { permissionCodes: 'API_PAYMENT_REFUND' },
  },
  {
    method: 'GET',
    url: '/acquiringmerchant/web/v1/dispute-order/status/count',
    query: { disputeStatus: 'EVIDENCE_REQUIRED' },
  },
  { method: 'GET', url: '/usercenter/web/v1/merchant-info/query-sub-merchant-list' },
  { method: 'GET', url: '/acquiring/web/v1/agreement/dropdown-configs' },
  { method: 'GET', url: '/acquiring/web/v1/pay-method/dropdown-configs' },
  { method: 'POST', url: '/usercenter/api/v1/merchant-user/login-history-list', payload: { pageNum: 1, pageSize: 10 } },
  { method: 'POST', url: '/usercenter/web/v1/switch-user-access-merchant', payload: { merchantId: 'M1000002' } },
  {
    method: 'POST',
    url: '/usercenter/web/v1/change-password',
    payload: { currentPassword: OLD, newPassword: 'Sneaky-change-2026' },
  },
  {
    method: 'POST',
    url: '/usercenter/web/v1/merchant-user-manage/invite',
    payload: { email: 'sneaky@demo.test', roleCode: 'VIEWER' },
  },
  { method: 'POST', url: '/settlement/web/v1/isGrayMerchant' },
];

describe('forced password reset', () => {
  let t: TestApp;
  const forceFlag = async () =>
    (
      await t.database.db.select({ forceReset: users.forceReset }).from(users).where(eq(users.email, 'reset@demo.test'))
    )[0].forceReset;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the client at login that the password must be reset', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'reset@demo.test', password: OLD },
    });
    expect(res.json()).toMatchObject({ code: '000000', data: { forceResetPassword: true } });
    expect(cookieOf(res)).toMatch(/^mbo_sid=/);
    // Other users are not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'owner@demo.test', password: OLD },
    });
    expect(other.json().data.forceResetPassword).toBe(false);
  });

  it('refuses every other call with 002001B034 until the reset is done, and changes nothing', async () => {
    const cookie = await loginAs(t.app, 'reset@demo.test');
    for (const c of BLOCKED) {
      const res = await call(t.app, c.method, c.url, { cookie, payload: c.payload, query: c.query });
      expect(res.status, c.url).toBe(200);
      expect(res.body, c.url).toMatchObject({ code: '002001B034', data: null });
      expect(res.body.msg_params?.isGwErrorMapEnabled).toBe(1);
      expect(res.body.msg).toMatch(/new password/);
    }
    const me = await call(t.app, 'GET', CURRENT_USER, { cookie });
    expect(me.body.data.merchantId).toBe('M1000001');
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, 'sneaky@demo.test'));
    expect(row.n).toBe(0);
    expect(await forceFlag()).toBe(true);
    // The password did not change through change-password.
    expect(
      (await call(t.app, 'POST', LOGIN, { payload: { email: 'reset@demo.test', password: 'Sneaky-change-2026' } })).body
        .code,
    ).toBe('002001B017');
  });

  it('still answers current-user and logout', async () => {
    const cookie = await loginAs(t.app, 'reset@demo.test');
    const me = await call(t.app, 'GET', CURRENT_USER, { cookie });
    expect(me.body).toMatchObject({
      code: '000000',
      data: { email: 'reset@demo.test', name: 'Riley Reset', roleCode: 'OPERATIONS', forceResetPassword: true },
    });
    const out = await call(t.app, 'POST', LOGOUT, { cookie });
    expect(out.body.code).toBe('000000');
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie })).status).toBe(431);
  });

  it('refuses a wrong current password with 002001B003 and a weak new one with the policy code', async () => {
    const cookie = await loginAs(t.app, 'reset@demo.test');
    const wrong = await call(t.app, 'POST', FORCE_RESET, {
      cookie,
      payload: { currentPassword: 'not-my-password-1', newPassword: NEW },
    });
    expect(wrong.body).toMatchObject({ code: '002001B003', msg: 'Password is not correct.' });
    const cases: [string, string][] = [
      ['short-1', '002001B031'],
      ['no-digits-in-this-one', '002001B031'],
      ['password1234', '002001B033'],
      [OLD, '002001B032'],
    ];
    for (const [newPassword, code] of cases) {
      expect(
        (await call(t.app, 'POST', FORCE_RESET, { cookie, payload: { currentPassword: OLD, newPassword } })).body.code,
        newPassword,
      ).toBe(code);
    }
    expect((await call(t.app, 'POST', FORCE_RESET, { cookie, payload: { currentPassword: OLD } })).body).toMatchObject({
      code: '001000B001',
      msg: 'Invalid request: newPassword is required.',
    });
    expect(await forceFlag()).toBe(true);
    expect((await call(t.app, 'GET', MENU_LIST, { cookie })).body.code).toBe('002001B034');
    // Every refusal left the old password in place.
    expect((await call(t.app, 'POST', LOGIN, { payload: { email: 'reset@demo.test', password: NEW } })).body.code).toBe(
      '002001B017',
    );
    const [failures] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'PASSWORD_FORCED_RESET'),
          eq(auditLog.outcome, 'FAILURE'),
          eq(auditLog.actorEmail, 'reset@demo.test'),
        ),
      );
    expect(failures.n).toBe(1);
  });

  it('after a good new password lets the user in everywhere, keeps this session and ends the others', async () => {
    const other = await loginAs(t.app, 'reset@demo.test');
    const cookie = await loginAs(t.app, 'reset@demo.test');
    const res = await call(t.app, 'POST', FORCE_RESET, { cookie, payload: { currentPassword: OLD, newPassword: NEW } });
    expect(res.body.code).toBe('000000');

    const menu = await call(t.app, 'GET', MENU_LIST, { cookie });
    expect(menu.body.code).toBe('000000');
    expect(menu.body.data.map((m: { menuUrl: string }) => m.menuUrl)).toContain('/transactions');
    for (const c of BLOCKED.slice(0, 7)) {
      expect(
        (await call(t.app, c.method, c.url, { cookie, payload: c.payload, query: c.query })).body.code,
        c.url,
      ).toBe('000000');
    }
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie })).body.data.forceResetPassword).toBe(false);
    expect(await forceFlag()).toBe(false);
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie: other })).status).toBe(431);

    // The next login no longer asks for a reset; the old password is gone.
    const login = await call(t.app, 'POST', LOGIN, { payload: { email: 'reset@demo.test', password: NEW } });
    expect(login.body).toMatchObject({ code: '000000', data: { forceResetPassword: false } });
    expect((await call(t.app, 'POST', LOGIN, { payload: { email: 'reset@demo.test', password: OLD } })).body.code).toBe(
      '002001B017',
    );
    const [audit] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'PASSWORD_FORCED_RESET'),
          eq(auditLog.outcome, 'SUCCESS'),
          eq(auditLog.actorEmail, 'reset@demo.test'),
        ),
      );
    expect(audit.n).toBe(1);
  });

  it('applies a forced reset set on an existing session at its next call', async () => {
    const cookie = await loginAs(t.app, 'viewer@demo.test');
    expect((await call(t.app, 'GET', MENU_LIST, { cookie })).body.code).toBe('000000');
    await t.database.db.execute(sql`UPDATE users SET force_reset = true WHERE email = 'viewer@demo.test'`);
    expect((await call(t.app, 'GET', MENU_LIST, { cookie })).body.code).toBe('002001B034');
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie })).body.data.forceResetPassword).toBe(true);
  });
});
