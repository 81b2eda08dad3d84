import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, outboxEmails, passwordHistory, userLinks, users } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { hashToken } from '../../lib/tokens';
import { call, cookieOf, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { linkIn, tokenIn } from '../../test/smtp';

const LOGIN = '/usercenter/web/v1/login';
const FORGOT = '/usercenter/web/v1/forgot-password';
const CHECK_LINK = '/usercenter/web/v1/check-link';
const RESET = '/usercenter/web/v1/reset-password';
const REGISTER = '/usercenter/web/v1/register-password';
const CHANGE = '/usercenter/web/v1/change-password';
const INVITE = '/usercenter/web/v1/merchant-user-manage/invite';
const CURRENT_USER = '/usercenter/api/v1/merchant-user-manage/current-user';
const OLD = 'Merchant#2026';

describe('reset and invitation links', () => {
  let t: TestApp;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const loginCode = async (email: string, password: string) =>
    (await call(t.app, 'POST', LOGIN, { payload: { email, password } })).body.code;

  /** The request limits (plugins/rate-limit.test.ts) start afresh: these tests ask for many links per account. */
  const clearRateLimits = () => exec(sql`DELETE FROM rate_limits`);

  /** Asks for a reset link and returns the token from the mail that arrives over SMTP. */
  async function resetToken(email: string): Promise<string> {
    await clearRateLimits();
    const since = t.smtp.messages.length;
    expect((await call(t.app, 'POST', FORGOT, { payload: { email } })).body.code).toBe('000000');
    return tokenIn(await t.smtp.waitFor(email, since));
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await clearRateLimits();
  });
  afterAll(async () => {
    await t.close();
  });

  it('resets a forgotten password through the emailed link', async () => {
    const since = t.smtp.messages.length;
    const forgot = await call(t.app, 'POST', FORGOT, { payload: { email: ' Finance@Demo.Test' } });
    expect(forgot.body.code).toBe('000000');
    const mail = await t.smtp.waitFor('finance@demo.test', since);
    expect(mail.subject).toBe('Reset your password');
    expect(linkIn(mail)).toMatch(/^http:\/\/localhost:8080\/app\/auth\/reset_password\?token=[\w-]{43}$/);
    const token = tokenIn(mail);

    // Stored only as its hash, for 30 minutes.
    const [link] = await typedRows(
      t.database.db,
      { token_hash: userLinks.tokenHash, minutes: computed(Number) },
      sql`SELECT l.token_hash, extract(epoch FROM l.expires_at - l.created_at) / 60 AS minutes FROM user_links l JOIN users u ON u.id = l.user_id WHERE u.email = 'finance@demo.test' AND l.type = 'RESET'`,
    );
    expect(link.token_hash).toBe(hashToken(token));
    expect(link.token_hash).not.toContain(token);
    expect(link.minutes).toBeCloseTo(30, 1);

    const check = await call(t.app, 'POST', CHECK_LINK, { payload: { token, type: 'RESET' } });
    expect(check.body).toMatchObject({
      code: '000000',
      data: { email: 'finance@demo.test', merchantName: 'Demo Store' },
    });
    expect(new Date(check.body.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    // Checking does not use the link up.
    expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token, type: 'RESET' } })).body.code).toBe('000000');

    const reset = await call(t.app, 'POST', RESET, { payload: { token, password: 'Finance-new-pass-1' } });
    expect(reset.body.code).toBe('000000');
    expect(await loginCode('finance@demo.test', 'Finance-new-pass-1')).toBe('000000');
    expect(await loginCode('finance@demo.test', OLD)).toBe('002001B017');
    const [audit] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PASSWORD_RESET'), eq(auditLog.outcome, 'SUCCESS')));
    expect(audit.n).toBe(1);
  });

  it('answers forgot-password the same for known, unknown, invited and disabled emails, mailing only the known one', async () => {
    const since = t.smtp.messages.length;
    const known = await call(t.app, 'POST', FORGOT, { payload: { email: 'viewer@demo.test' } });
    await t.smtp.waitFor('viewer@demo.test', since);
    for (const email of ['nobody@demo.test', 'invited@demo.test', 'disabled@demo.test', 'nobody@elsewhere.example']) {
      const other = await call(t.app, 'POST', FORGOT, { payload: { email } });
      expect(other.status, email).toBe(known.status);
      expect(other.body, email).toEqual(known.body);
    }
    expect(known.body).toMatchObject({ code: '000000', data: null });
    await t.app.mailer.flush();
    expect(t.smtp.messages.slice(since).map((m) => m.to)).toEqual(['viewer@demo.test']);
    const [outbox] = await t.database.db
      .select({ n: count() })
      .from(outboxEmails)
      .where(
        inArray(outboxEmails.toAddress, [
          'nobody@demo.test',
          'invited@demo.test',
          'disabled@demo.test',
          'nobody@elsewhere.example',
        ]),
      );
    expect(outbox.n).toBe(0);
  });

  it('refuses a used link, an expired link, a superseded link and a garbage token', async () => {
    // Used.
    const used = await resetToken('viewer@demo.test');
    expect(
      (await call(t.app, 'POST', RESET, { payload: { token: used, password: 'Viewer-new-pass-1' } })).body.code,
    ).toBe('000000');
    expect(
      (await call(t.app, 'POST', RESET, { payload: { token: used, password: 'Viewer-new-pass-2' } })).body.code,
    ).toBe('002001B021');
    expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token: used, type: 'RESET' } })).body.code).toBe(
      '002001B021',
    );
    expect(await loginCode('viewer@demo.test', 'Viewer-new-pass-2')).toBe('002001B017');

    // Expired.
    const expired = await resetToken('viewer@demo.test');
    await exec(
      sql`UPDATE user_links SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(expired)}`,
    );
    expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token: expired, type: 'RESET' } })).body.code).toBe(
      '002001B006',
    );
    const late = await call(t.app, 'POST', RESET, { payload: { token: expired, password: 'Viewer-new-pass-3' } });
    expect(late.body).toMatchObject({ code: '002001B006', msg: 'The link is expired.' });
    expect(await loginCode('viewer@demo.test', 'Viewer-new-pass-1')).toBe('000000');

    // Superseded by a newer link.
    const first = await resetToken('viewer@demo.test');
    const second = await resetToken('viewer@demo.test');
    expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token: first, type: 'RESET' } })).body.code).toBe(
      '002001B021',
    );
    expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token: second, type: 'RESET' } })).body.code).toBe(
      '000000',
    );
    // A reset link is no invitation.
    expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token: second, type: 'INVITE' } })).body.code).toBe(
      '002001B021',
    );

    // Garbage.
    const altered = `${second.slice(0, -1)}${second.endsWith('A') ? 'B' : 'A'}`;
    for (const token of ['x'.repeat(43), 'garbage-token-garbage-token', altered]) {
      expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token, type: 'RESET' } })).body).toMatchObject({
        code: '002001B021',
        msg: 'The link is invalid.',
      });
      expect((await call(t.app, 'POST', RESET, { payload: { token, password: 'Viewer-new-pass-4' } })).body.code).toBe(
        '002001B021',
      );
    }
  });

  it('lets exactly one of 10 parallel resets with one link win', async () => {
    const token = await resetToken('payouts@demo.test');
    const passwords = Array.from({ length: 10 }, (_, i) => `Parallel-reset-${i}-pw`);
    const results = await Promise.all(
      passwords.map((password) => call(t.app, 'POST', RESET, { payload: { token, password } })),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === '000000')).toHaveLength(1);
    expect(codes.filter((c) => c !== '000000').every((c) => c === '002001B021')).toBe(true);
    // The winner's password is the one that works; one new password in the history.
    const winner = passwords[codes.indexOf('000000')];
    expect(await loginCode('payouts@demo.test', winner)).toBe('000000');
    const loser = passwords.find((p) => p !== winner) as string;
    expect(await loginCode('payouts@demo.test', loser)).toBe('002001B017');
    const [history] = await t.database.db
      .select({ n: count() })
      .from(passwordHistory)
      .innerJoin(users, eq(users.id, passwordHistory.userId))
      .where(eq(users.email, 'payouts@demo.test'));
    expect(history.n).toBe(2);
  });

  it('holds new passwords to the policy, and a refused password leaves the link usable', async () => {
    const token = await resetToken('reset@demo.test');
    const refused: [string, string][] = [
      ['Short-pw-1', '002001B031'],
      ['only-letters-and-dashes', '002001B031'],
      ['123456789012345', '002001B031'],
      ['password1234', '002001B033'],
      ['Password1234', '002001B033'],
      ['qwerty123456', '002001B033'],
      [OLD, '002001B032'],
    ];
    for (const [password, code] of refused) {
      const res = await call(t.app, 'POST', RESET, { payload: { token, password } });
      expect(res.body.code, password).toBe(code);
      expect(res.body.msg_params?.isGwErrorMapEnabled).toBe(1);
      expect(res.body.msg.length).toBeGreaterThan(10);
    }
    expect((await call(t.app, 'POST', RESET, { payload: { token, password: 'x1'.repeat(65) } })).body.code).toBe(
      '001000B001',
    );
    expect(await loginCode('reset@demo.test', OLD)).toBe('000000');

    // 128 characters is fine; the link still works after all those refusals.
    const long = `${'Ab1'.repeat(42)}xy`;
    expect(long).toHaveLength(128);
    expect((await call(t.app, 'POST', RESET, { payload: { token, password: long } })).body.code).toBe('000000');
    const cookie = await loginAs(t.app, 'reset@demo.test', long);
    // A reset by link also satisfies a forced reset.
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie })).body.data.forceResetPassword).toBe(false);
  });

  it('refuses any of the last 4 passwords and accepts an older one', async () => {
    // finance@: the seeded password, then Finance-new-pass-1 (first test).
    let current = 'Finance-new-pass-1';
    const cookie = await loginAs(t.app, 'finance@demo.test', current);
    const change = (newPassword: string) =>
      call(t.app, 'POST', CHANGE, { cookie, payload: { currentPassword: current, newPassword } });

    expect((await change(OLD)).body.code).toBe('002001B032');
    expect((await change(current)).body.code).toBe('002001B032');
    for (const next of ['Finance-pass-2x', 'Finance-pass-3x', 'Finance-pass-4x']) {
      expect((await change(next)).body.code, next).toBe('000000');
      current = next;
    }
    // The last 4 are now pass-1 .. pass-4; the seeded password is the fifth back.
    expect((await change('Finance-new-pass-1')).body.code).toBe('002001B032');
    expect((await change('Finance-pass-2x')).body.code).toBe('002001B032');
    expect((await change(OLD)).body.code).toBe('000000');
    expect(await loginCode('finance@demo.test', OLD)).toBe('000000');
  });

  it('ends every session of the user when the password is reset', async () => {
    const password = 'Viewer-new-pass-1';
    const first = await loginAs(t.app, 'viewer@demo.test', password);
    const second = await loginAs(t.app, 'viewer@demo.test', password);
    const bystander = await loginAs(t.app, 'owner@demo.test');
    const token = await resetToken('viewer@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: RESET,
      payload: { token, password: 'Viewer-after-reset-5' },
      headers: { cookie: first },
    });
    expect(res.json().code).toBe('000000');
    expect(String(res.headers['set-cookie'])).toMatch(/^mbo_sid=;/);
    for (const cookie of [first, second]) expect((await call(t.app, 'GET', CURRENT_USER, { cookie })).status).toBe(431);
    expect((await call(t.app, 'GET', CURRENT_USER, { cookie: bystander })).status).toBe(200);
  });

  it('unlocks a locked account when the password is reset', async () => {
    await exec(
      sql`UPDATE users SET failed_login_count = 10, locked_until = now() + interval '30 minutes' WHERE email = 'viewer@demo.test'`,
    );
    expect(await loginCode('viewer@demo.test', 'Viewer-after-reset-5')).toBe('002001B030');
    const token = await resetToken('viewer@demo.test');
    expect((await call(t.app, 'POST', RESET, { payload: { token, password: 'Viewer-unlocked-6' } })).body.code).toBe(
      '000000',
    );
    expect(await loginCode('viewer@demo.test', 'Viewer-unlocked-6')).toBe('000000');
  });

  it('invites a member who sets a name and password through the emailed link, once', async () => {
    const owner = await loginAs(t.app, 'owner@demo.test');
    const since = t.smtp.messages.length;
    const invite = await call(t.app, 'POST', INVITE, {
      cookie: owner,
      payload: { email: 'New.Member@Demo.Test', roleCode: 'VIEWER' },
    });
    expect(invite.body).toMatchObject({ code: '000000', data: { email: 'new.member@demo.test' } });
    expect(new Date(invite.body.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);

    const mail = await t.smtp.waitFor('new.member@demo.test', since);
    expect(mail.subject).toBe('You are invited to Demo Store');
    expect(mail.text).toContain('Olivia Owner');
    expect(linkIn(mail)).toMatch(/\/app\/auth\/register_password\?token=/);
    const token = tokenIn(mail);
    const [link] = await typedRows(
      t.database.db,
      { days: computed(Number) },
      sql`SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days FROM user_links WHERE token_hash = ${hashToken(token)} AND type = 'INVITE'`,
    );
    expect(link.days).toBeCloseTo(7, 3);

    expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token, type: 'INVITE' } })).body).toMatchObject({
      code: '000000',
      data: { email: 'new.member@demo.test', merchantName: 'Demo Store' },
    });
    expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token, type: 'RESET' } })).body.code).toBe('002001B021');
    expect(await loginCode('new.member@demo.test', 'Member-pass-2026')).toBe('002001B022');
    // No reset mail for an invited user, whose link keeps working.
    await call(t.app, 'POST', FORGOT, { payload: { email: 'new.member@demo.test' } });

    expect(
      (await call(t.app, 'POST', REGISTER, { payload: { token, name: 'Nina', password: 'password1234' } })).body.code,
    ).toBe('002001B033');
    const register = await call(t.app, 'POST', REGISTER, {
      payload: { token, name: '  Nina Member ', password: 'Member-pass-2026' },
    });
    expect(register.body.code).toBe('000000');

    const login = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'new.member@demo.test', password: 'Member-pass-2026' },
    });
    expect(login.json()).toMatchObject({ code: '000000', data: { forceResetPassword: false } });
    const me = await call(t.app, 'GET', CURRENT_USER, { cookie: cookieOf(login) });
    expect(me.body.data).toMatchObject({
      email: 'new.member@demo.test',
      name: 'Nina Member',
      roleCode: 'VIEWER',
      merchantId: 'M1000001',
    });

    // The link is spent: both answers say the user is already active.
    expect(
      (await call(t.app, 'POST', REGISTER, { payload: { token, name: 'Mallory', password: 'Mallory-pass-2026' } })).body
        .code,
    ).toBe('002001B015');
    expect((await call(t.app, 'POST', CHECK_LINK, { payload: { token, type: 'INVITE' } })).body.code).toBe(
      '002001B015',
    );
    expect(await loginCode('new.member@demo.test', 'Mallory-pass-2026')).toBe('002001B017');
    await t.app.mailer.flush();
    expect(t.smtp.messages.slice(since).filter((m) => m.to === 'new.member@demo.test')).toHaveLength(1);
  });

  it('refuses to invite an email that already has a user, sending nothing, also under parallel invitations', async () => {
    const owner = await loginAs(t.app, 'owner@demo.test');
    const since = t.smtp.messages.length;
    for (const email of ['owner@demo.test', 'INVITED@demo.test', 'disabled@demo.test', 'new.member@demo.test']) {
      const res = await call(t.app, 'POST', INVITE, { cookie: owner, payload: { email, roleCode: 'VIEWER' } });
      expect(res.body, email).toMatchObject({ code: '002001B009', msg: 'User already exists.' });
    }
    const [user] = await t.database.db
      .select({ roleCode: users.roleCode, status: users.status })
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
    expect(user).toEqual({ roleCode: 'OWNER', status: 'ACTIVE' });
    await t.app.mailer.flush();
    expect(t.smtp.messages.length).toBe(since);

    // Five parallel invitations of one new email: one user, one mail.
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', INVITE, { cookie: owner, payload: { email: 'race@demo.test', roleCode: 'VIEWER' } }),
      ),
    );
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual(['000000', '002001B009', '002001B009', '002001B009', '002001B009']);
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, 'race@demo.test'));
    expect(row.n).toBe(1);
    await t.smtp.waitFor('race@demo.test', since);
    await t.app.mailer.flush();
    expect(t.smtp.messages.filter((m) => m.to === 'race@demo.test')).toHaveLength(1);
  });
});
