import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TEAM_PATHS } from '@mbo/contracts/team';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { auditLog, userRecoveryCodes, users } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { settableClock } from '../../lib/clock';
import { cookieOf, createTestApp, type TestApp } from '../../test/harness';
import { PASSWORD, teamClient } from '../team/team-test-helpers';

const STEP_MS = 30_000;

/**
 * The app's clock, standing still in the middle of a 30-second step: the test makes codes and the
 * server checks them at the same known instant, and moves the clock by whole steps.
 */
const clock = settableClock(Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2);

/** A code of the secret `steps` 30-second steps from the app's now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(clock() / 1000) + steps * 30 });

/** Two-factor sign-in (TOTP): setup, the login's code step, replay, lockout, recovery codes, the merchant's rule. */
describe('two-factor sign-in', () => {
  let t: TestApp;
  let c: ReturnType<typeof teamClient>;
  let owner: string;

  const loginStep = async (email: string, password = PASSWORD) => {
    const res = await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.login, payload: { email, password } });
    return Object.assign(res, { body: res.json() });
  };
  const codeStep = (challenge: string, code: string) =>
    t.app.inject({ method: 'POST', url: USERCENTER_PATHS.loginTwoFactor, payload: { challenge, code } });

  /** A member with two-factor sign-in on: their secret and recovery codes. */
  async function enrolled(email: string) {
    const m = await c.addMember(owner, email, 'VIEWER');
    const setup = await c.post(m.cookie, USERCENTER_PATHS.twoFactorSetup);
    expect(setup.body.code).toBe('000000');
    const { secret, otpauthUrl, qrDataUrl } = setup.body.data as {
      secret: string;
      otpauthUrl: string;
      qrDataUrl: string;
    };
    expect(otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.+\\?.*secret=${secret}`));
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Nothing changes until a code confirms the app has the secret.
    expect((await c.get(m.cookie, USERCENTER_PATHS.currentUser)).body.data.twoFactorEnabled).toBe(false);
    const wrong = await c.post(m.cookie, USERCENTER_PATHS.twoFactorEnable, {
      code: '000000' === (await codeAt(secret)) ? '111111' : '000000',
    });
    expect(wrong.body.code).toBe(ERROR_CODES.TWO_FACTOR_CODE_INVALID);
    const enableCode = await codeAt(secret);
    const enabled = await c.post(m.cookie, USERCENTER_PATHS.twoFactorEnable, { code: enableCode });
    expect(enabled.body.code, enabled.body.msg).toBe('000000');
    const recoveryCodes = enabled.body.data.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const rc of recoveryCodes) expect(rc).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Stored only hashed.
    const stored = await t.database.db
      .select({ codeHash: userRecoveryCodes.codeHash })
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, m.id));
    expect(stored).toHaveLength(10);
    for (const row of stored)
      expect(recoveryCodes.some((rc) => row.codeHash.includes(rc.replace('-', '')))).toBe(false);
    expect((await c.get(m.cookie, USERCENTER_PATHS.currentUser)).body.data.twoFactorEnabled).toBe(true);
    return { ...m, secret, recoveryCodes, enableCode };
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { clock } });
    c = teamClient(t);
    owner = await c.login('owner@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks for a code after the password: no session until the code is right; the code works once', async () => {
    const m = await enrolled('totp.one@example.com');
    await c.clearRateLimits();
    const first = await loginStep('totp.one@example.com');
    expect(first.body.data).toMatchObject({ twoFactorRequired: true, forceResetPassword: false });
    expect(first.headers['set-cookie']).toBeUndefined();
    const challenge = first.body.data.challenge as string;

    // The code that confirmed the setup is used already: refused (a replay), whichever step it is now.
    const replayOfEnable = await codeStep(challenge, m.enableCode);
    expect(replayOfEnable.json().code).toBe(ERROR_CODES.TWO_FACTOR_CODE_INVALID);
    expect(replayOfEnable.headers['set-cookie']).toBeUndefined();

    // Two steps ahead is outside the window: refused, though never used and later than the last step.
    expect((await codeStep(challenge, await codeAt(m.secret, 2))).json().code).toBe(
      ERROR_CODES.TWO_FACTOR_CODE_INVALID,
    );
    // The next step's code (one step ahead is within the window) signs in, once.
    const next = await codeAt(m.secret, 1);
    const ok = await codeStep(challenge, next);
    expect(ok.json().code).toBe('000000');
    const cookie = cookieOf(ok);
    expect((await c.get(cookie, USERCENTER_PATHS.currentUser)).body.data.email).toBe('totp.one@example.com');
    // The challenge is used; a new login with the same code is a replay.
    expect((await codeStep(challenge, next)).json().code).toBe(ERROR_CODES.TWO_FACTOR_CHALLENGE_INVALID);
    const again = await loginStep('totp.one@example.com');
    expect((await codeStep(again.body.data.challenge, next)).json().code).toBe(ERROR_CODES.TWO_FACTOR_CODE_INVALID);
    // Four steps later (the last step used is now 3 steps old): a code two steps old is outside the
    // window, one step old is inside it.
    clock.advance(4 * STEP_MS);
    expect((await codeStep(again.body.data.challenge, await codeAt(m.secret, -2))).json().code).toBe(
      ERROR_CODES.TWO_FACTOR_CODE_INVALID,
    );
    const late = await codeStep(again.body.data.challenge, await codeAt(m.secret, -1));
    expect(late.json().code).toBe('000000');
    expect((await c.get(cookieOf(late), USERCENTER_PATHS.currentUser)).body.data.email).toBe('totp.one@example.com');
    // An unknown challenge, and bad input, answer clearly.
    expect((await codeStep('x'.repeat(43), next)).json().code).toBe(ERROR_CODES.TWO_FACTOR_CHALLENGE_INVALID);
    expect((await codeStep(again.body.data.challenge, '12ab')).json().code).toBe(ERROR_CODES.INVALID_REQUEST);
  });

  it('lets one of two parallel uses of one code win', async () => {
    const m = await enrolled('totp.race@example.com');
    await c.clearRateLimits();
    const [a, b] = await Promise.all([loginStep('totp.race@example.com'), loginStep('totp.race@example.com')]);
    // The second login's challenge replaced the first's; each login gets its own.
    const challenges = [a.body.data.challenge as string, b.body.data.challenge as string];
    const code = await codeAt(m.secret, 1);
    const fresh = (await loginStep('totp.race@example.com')).body.data.challenge as string;
    const both = await Promise.all([codeStep(fresh, code), codeStep(fresh, code)]);
    expect(both.map((r) => r.json().code).filter((x) => x === '000000')).toHaveLength(1);
    for (const old of challenges)
      expect((await codeStep(old, code)).json().code).toBe(ERROR_CODES.TWO_FACTOR_CHALLENGE_INVALID);
  });

  it('counts wrong codes towards the password lockout: 10 lock the account for 30 minutes', async () => {
    const m = await enrolled('totp.lock@example.com');
    await c.clearRateLimits();
    const challenge = (await loginStep('totp.lock@example.com')).body.data.challenge as string;
    const wrong = (await codeAt(m.secret)) === '123456' ? '654321' : '123456';
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push((await codeStep(challenge, wrong)).json().code);
    expect(codes.slice(0, 9)).toEqual(Array(9).fill(ERROR_CODES.TWO_FACTOR_CODE_INVALID));
    expect(codes[9]).toBe(ERROR_CODES.ACCOUNT_LOCKED);
    // Locked: the right code, the right password and a recovery code are all refused.
    expect((await codeStep(challenge, await codeAt(m.secret, 1))).json().code).toBe(ERROR_CODES.ACCOUNT_LOCKED);
    expect((await codeStep(challenge, m.recoveryCodes[0])).json().code).toBe(ERROR_CODES.ACCOUNT_LOCKED);
    expect((await loginStep('totp.lock@example.com')).body.code).toBe(ERROR_CODES.ACCOUNT_LOCKED);
    const [row] = await typedRows(
      t.database.db,
      { minutes: computed(Number) },
      sql`SELECT extract(epoch FROM locked_until - now()) / 60 AS minutes FROM users WHERE id = ${m.id}`,
    );
    expect(row.minutes).toBeGreaterThan(29);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, m.id), eq(auditLog.action, 'ACCOUNT_LOCKED')));
    expect(audited).toHaveLength(1);
    // A right password between wrong codes neither clears nor adds to their count.
    const other = await enrolled('totp.count@example.com');
    await c.clearRateLimits();
    for (let i = 0; i < 5; i++) {
      const ch = (await loginStep('totp.count@example.com')).body.data.challenge as string;
      expect((await codeStep(ch, (await codeAt(other.secret)) === '123456' ? '654321' : '123456')).json().code).toBe(
        ERROR_CODES.TWO_FACTOR_CODE_INVALID,
      );
    }
    const [failures] = await t.database.db
      .select({ failedLoginCount: users.failedLoginCount })
      .from(users)
      .where(eq(users.id, other.id));
    expect(failures.failedLoginCount).toBe(5);
  });

  it('signs in with a recovery code once; turning two-factor off needs a code', async () => {
    const m = await enrolled('totp.recovery@example.com');
    await c.clearRateLimits();
    const challenge = (await loginStep('totp.recovery@example.com')).body.data.challenge as string;
    const used = await codeStep(challenge, m.recoveryCodes[3].toUpperCase());
    expect(used.json().code).toBe('000000');
    const cookie = cookieOf(used);
    const again = (await loginStep('totp.recovery@example.com')).body.data.challenge as string;
    expect((await codeStep(again, m.recoveryCodes[3])).json().code).toBe(ERROR_CODES.TWO_FACTOR_CODE_INVALID);
    const login = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, m.id), eq(auditLog.action, 'LOGIN'), eq(auditLog.outcome, 'SUCCESS')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.stringify(login[0].detail)).toContain('RECOVERY_CODE');

    expect((await c.post(cookie, USERCENTER_PATHS.twoFactorDisable, { code: m.recoveryCodes[3] })).body.code).toBe(
      ERROR_CODES.TWO_FACTOR_CODE_INVALID,
    );
    expect((await c.post(cookie, USERCENTER_PATHS.twoFactorSetup)).body.code).toBe(ERROR_CODES.TWO_FACTOR_STATE);
    const off = await c.post(cookie, USERCENTER_PATHS.twoFactorDisable, { code: m.recoveryCodes[4] });
    expect(off.body.code).toBe('000000');
    expect((await c.get(cookie, USERCENTER_PATHS.currentUser)).body.data.twoFactorEnabled).toBe(false);
    const codesLeft = await t.database.db
      .select({ id: userRecoveryCodes.id })
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, m.id));
    expect(codesLeft).toHaveLength(0);
    const plain = await loginStep('totp.recovery@example.com');
    expect(plain.body.data).toMatchObject({ twoFactorRequired: false, challenge: null });
    expect(cookieOf(plain)).toContain('mbo_sid=');
  });

  it('lets an owner require two-factor sign-in: members without it can only set it up, then carry on', async () => {
    const security = async (cookie: string) => (await c.get(cookie, TEAM_PATHS.security)).body;
    expect((await security(owner)).data).toMatchObject({ requireTwoFactor: false, canUpdate: true });
    // An owner without it cannot require it (they would shut themselves out of this page).
    expect((await c.post(owner, TEAM_PATHS.updateSecurity, { requireTwoFactor: true })).body.code).toBe(
      ERROR_CODES.TWO_FACTOR_STATE,
    );
    const admin = await enrolled('totp.admin@example.com');
    await c.exec(sql`UPDATE users SET role_code = 'ADMIN' WHERE id = ${admin.id}`);
    expect((await c.post(admin.cookie, TEAM_PATHS.updateSecurity, { requireTwoFactor: true })).body.code).toBe(
      ERROR_CODES.MEMBER_CHANGE_REFUSED,
    );

    const ownerSetup = (await c.post(owner, USERCENTER_PATHS.twoFactorSetup)).body.data as { secret: string };
    expect(
      (await c.post(owner, USERCENTER_PATHS.twoFactorEnable, { code: await codeAt(ownerSetup.secret) })).body.code,
    ).toBe('000000');
    const required = await c.post(owner, TEAM_PATHS.updateSecurity, { requireTwoFactor: true });
    expect(required.body.data).toMatchObject({ requireTwoFactor: true });

    // The viewer has no second factor: every call but the setup ones answers 002001B040.
    const viewer = await c.login('viewer@demo.test');
    expect((await c.get(viewer, USERCENTER_PATHS.menuList)).body.code).toBe(ERROR_CODES.TWO_FACTOR_SETUP_REQUIRED);
    expect((await c.post(viewer, '/acquiring/web/v1/payment/list', {})).body.code).toBe(
      ERROR_CODES.TWO_FACTOR_SETUP_REQUIRED,
    );
    const me = (await c.get(viewer, USERCENTER_PATHS.currentUser)).body.data;
    expect(me).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
    const setup = (await c.post(viewer, USERCENTER_PATHS.twoFactorSetup)).body.data as { secret: string };
    expect(
      (await c.post(viewer, USERCENTER_PATHS.twoFactorEnable, { code: await codeAt(setup.secret) })).body.code,
    ).toBe('000000');
    expect((await c.get(viewer, USERCENTER_PATHS.menuList)).body.code).toBe('000000');
    // Required, it cannot be turned off.
    expect(
      (await c.post(viewer, USERCENTER_PATHS.twoFactorDisable, { code: await codeAt(setup.secret, 1) })).body.code,
    ).toBe(ERROR_CODES.TWO_FACTOR_STATE);
    expect((await security(owner)).data.membersWithTwoFactor).toBeGreaterThanOrEqual(3);

    // Back to optional for the other suites' users (each suite has its own database; this keeps the file's own tests
    // independent).
    expect(
      (await c.post(owner, TEAM_PATHS.updateSecurity, { requireTwoFactor: false })).body.data.requireTwoFactor,
    ).toBe(false);
    const audit = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'TWO_FACTOR_REQUIREMENT'), eq(auditLog.merchantId, 'M1000001')));
    expect(audit[0].n).toBe(2);
  });
});
