import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import { computedOrNull, typedRows } from '../../db/typed-rows';
import type { AppError } from '../../lib/app-error';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness';
import { login } from './login';
import { verifyPassword } from './passwords';

/**
 * A password check that can be held: the next check of the held password signals when it starts
 * and finishes only when released. So the test decides the interleaving, with no sleeps.
 */
const held = { next: null as null | { password: string; started: () => void; release: Promise<void> } };
async function holdableCheck(stored: string, password: string): Promise<boolean> {
  const hold = held.next;
  if (hold && hold.password === password) {
    held.next = null;
    hold.started();
    await hold.release;
  }
  return verifyPassword(stored, password);
}

/** Holds the next check of `password`: resolves `started` when it begins; `release()` lets it finish. */
function holdNextCheck(password: string) {
  let started!: () => void;
  let release!: () => void;
  const startedP = new Promise<void>((resolve) => (started = resolve));
  held.next = { password, started, release: new Promise<void>((resolve) => (release = resolve)) };
  return { started: startedP, release };
}

const EMAIL = 'finance@demo.test';
const CLIENT = { ip: '198.51.100.30', userAgent: 'race-test' };

describe('login lockout under a race of wrong and right passwords', () => {
  let t: TestApp;
  const attempt = (password: string) =>
    login(t.database.db, { email: EMAIL, password }, CLIENT, { check: holdableCheck }).then(
      () => '000000',
      (err: AppError) => err.code,
    );
  const state = async () =>
    (
      await typedRows(
        t.database.db,
        { failed_login_count: users.failedLoginCount, minutes: computedOrNull(Number) },
        sql`SELECT failed_login_count, extract(epoch FROM locked_until - now()) / 60 AS minutes FROM users WHERE email = ${EMAIL}`,
      )
    )[0];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the right password whose check ends after 40 parallel wrong ones, and the account stays locked', async () => {
    // Sequentially the rule is unchanged: 9 failures, then the right password logs in with a fresh count.
    for (let i = 0; i < 9; i++) expect(await attempt('wrong-password-123')).toBe('002001B017');
    expect(await attempt(DEMO_PASSWORD)).toBe('000000');
    expect(await state()).toEqual({ failed_login_count: 0, minutes: null });

    // The right password is checked first; its check finishes only after all 40 wrong ones are answered.
    const hold = holdNextCheck(DEMO_PASSWORD);
    const right = attempt(DEMO_PASSWORD);
    await hold.started;
    const wrong = await Promise.all(Array.from({ length: 40 }, () => attempt('wrong-password-123')));
    hold.release();
    expect(await right).toBe('002001B030');

    // At most 9 wrong passwords were told "not correct" (the right one's attempt is counted too); the rest "locked".
    expect(wrong.every((c) => c === '002001B017' || c === '002001B030')).toBe(true);
    expect(wrong.filter((c) => c === '002001B017').length).toBeLessThanOrEqual(9);
    const after = await state();
    expect(after.failed_login_count).toBeGreaterThanOrEqual(10);
    expect(Number(after.minutes)).toBeGreaterThan(29);
    expect(await attempt(DEMO_PASSWORD)).toBe('002001B030');
    const [locks] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ACCOUNT_LOCKED'), eq(auditLog.actorEmail, EMAIL)));
    expect(locks.n).toBe(1);
  });
});
