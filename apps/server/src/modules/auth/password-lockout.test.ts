import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import { computedOrNull, typedRows } from '../../db/typed-rows';
import { call, createTestApp, DEMO_PASSWORD, loginAs, type TestApp } from '../../test/harness';

const LOGIN = '/usercenter/web/v1/login';
const CHANGE = '/usercenter/web/v1/change-password';
const FORCE_RESET = '/usercenter/web/v1/force-reset-password';
const CURRENT_USER = '/usercenter/api/v1/merchant-user-manage/current-user';
const NEW = 'Fresh-password-2026';

/** Wrong current passwords (change-password, forced reset) count towards the login lockout. */
describe('current-password checks and the lockout', () => {
  let t: TestApp;
  const userRow = async (email: string) =>
    (
      await typedRows(
        t.database.db,
        {
          failed_login_count: users.failedLoginCount,
          minutes: computedOrNull(Number),
          password_hash: users.passwordHash,
        },
        sql`SELECT failed_login_count, extract(epoch FROM locked_until - now()) / 60 AS minutes, password_hash FROM users WHERE email = ${email}`,
      )
    )[0];
  const lockAudits = async (email: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'ACCOUNT_LOCKED'), eq(auditLog.actorEmail, email)))
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shares the counter with the login: the 10th failure locks the account, ends every session, and the right password is refused', async () => {
    const session = await loginAs(t.app, 'finance@demo.test');
    const otherSession = await loginAs(t.app, 'finance@demo.test');
    for (let i = 0; i < 4; i++)
      expect(
        (await call(t.app, 'POST', LOGIN, { payload: { email: 'finance@demo.test', password: 'wrong-password-1' } }))
          .body.code,
      ).toBe('002001B017');
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', CHANGE, {
        cookie: session,
        payload: { currentPassword: `wrong-current-${i}`, newPassword: NEW },
      });
      expect(res.body.code).toBe('002001B003');
    }
    expect((await userRow('finance@demo.test')).failed_login_count).toBe(9);

    const tenth = await call(t.app, 'POST', CHANGE, {
      cookie: session,
      payload: { currentPassword: 'wrong-current-9', newPassword: NEW },
    });
    expect(tenth.body.code).toBe('002001B030');
    expect(tenth.body.msg).toMatch(/locked; try again in 30 minutes/);
    expect(Number((await userRow('finance@demo.test')).minutes)).toBeGreaterThan(29);
    for (const cookie of [session, otherSession])
      expect((await call(t.app, 'GET', CURRENT_USER, { cookie })).status).toBe(431);
    expect(
      (await call(t.app, 'POST', LOGIN, { payload: { email: 'finance@demo.test', password: DEMO_PASSWORD } })).body
        .code,
    ).toBe('002001B030');
    expect(await lockAudits('finance@demo.test')).toBe(1);
  });

  it('answers a locked account with the lock code even for the right current password, and changes nothing', async () => {
    const session = await loginAs(t.app, 'viewer@demo.test');
    const before = await userRow('viewer@demo.test');
    // Locked by failed logins elsewhere: the user's session goes on, but the password cannot be changed.
    await t.database.db.execute(
      sql`UPDATE users SET failed_login_count = 10, locked_until = now() + interval '30 minutes' WHERE email = 'viewer@demo.test'`,
    );
    const res = await call(t.app, 'POST', CHANGE, {
      cookie: session,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: NEW },
    });
    expect(res.body.code).toBe('002001B030');
    expect(res.body.msg).toMatch(/locked/);
    expect((await userRow('viewer@demo.test')).password_hash).toBe(before.password_hash);
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie: session })).status).toBe(200);
  });

  it('counts wrong current passwords of the forced reset the same way', async () => {
    const session = await loginAs(t.app, 'reset@demo.test');
    for (let i = 0; i < 9; i++) {
      expect(
        (
          await call(t.app, 'POST', FORCE_RESET, {
            cookie: session,
            payload: { currentPassword: `wrong-current-${i}`, newPassword: NEW },
          })
        ).body.code,
      ).toBe('002001B003');
    }
    expect(
      (
        await call(t.app, 'POST', FORCE_RESET, {
          cookie: session,
          payload: { currentPassword: 'wrong-current-9', newPassword: NEW },
        })
      ).body.code,
    ).toBe('002001B030');
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie: session })).status).toBe(431);
    expect(
      (await call(t.app, 'POST', LOGIN, { payload: { email: 'reset@demo.test', password: DEMO_PASSWORD } })).body.code,
    ).toBe('002001B030');
  });

  it('locks once under 30 parallel wrong current passwords: at most 9 are told "not correct"', async () => {
    const session = await loginAs(t.app, 'payouts@demo.test');
    const codes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(t.app, 'POST', CHANGE, {
          cookie: session,
          payload: { currentPassword: `wrong-current-${i}`, newPassword: NEW },
        }).then((r) => r.body.code),
      ),
    );
    // Calls that arrive after the lock ended the session are answered "no session" (002001B010).
    expect(codes.every((c) => c === '002001B003' || c === '002001B030' || c === '002001B010')).toBe(true);
    expect(codes.filter((c) => c === '002001B003').length).toBeLessThanOrEqual(9);
    expect(codes).toContain('002001B030');
    const row = await userRow('payouts@demo.test');
    expect(row.failed_login_count).toBeGreaterThanOrEqual(10);
    expect(Number(row.minutes)).toBeGreaterThan(29);
    expect(await lockAudits('payouts@demo.test')).toBe(1);
  });
});
