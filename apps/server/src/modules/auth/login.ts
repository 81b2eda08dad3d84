import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { LoginRequest, LoginResponse } from '@mbo/contracts/usercenter';
import type { Db, DbOrTx } from '../../db/client';
import { loginHistory, users } from '../../db/schema';
import { AppError, type AppErrorOptions } from '../../lib/app-error';
import { NO_METRICS, type MetricsRecorder } from '../../lib/metrics-recorder';
import { audit } from '../audit';
import { createSession } from '../../plugins/session-store';
import { createLink } from './links';
import { clearFailures, currentLock, failedAttempt, lockedText, returnAttempt, takeAttempt } from './lockout';
import { timingDummyHash, verifyPassword } from './passwords';

export { LOCKOUT_MINUTES, MAX_FAILED_LOGINS } from './lockout';

/** Rolls the success transaction back: the account was locked while the password was checked. */
class LockedMeanwhile extends Error {}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

type User = typeof users.$inferSelect;

/** Adds a sign-in attempt to the login history (the user agent cut to 500 characters). */
export async function recordLogin(
  db: DbOrTx,
  attempt: {
    userId: string | null;
    email: string;
    client: ClientInfo;
    result: 'SUCCESS' | 'FAILURE';
    failReason?: string;
  },
): Promise<void> {
  const { client, ...row } = attempt;
  await db.insert(loginHistory).values({ ...row, ip: client.ip, userAgent: client.userAgent.slice(0, 500) });
}

export function lockedMeanwhileError(db: Db, userId: string): Promise<AppError> {
  return currentLock(db, userId).then((until) => new AppError(ERROR_CODES.ACCOUNT_LOCKED, { text: lockedText(until) }));
}

/**
 * The end of a successful login, in one transaction: the failure count cleared (only while the
 * account is not locked: failures counted meanwhile win), the history, the audit row and a new
 * session, whose cookie value is returned (null: the account was locked meanwhile). `inside` runs
 * first in the same transaction (the two-factor step uses its challenge there).
 */
export async function finishLogin(
  db: Db,
  user: User,
  client: ClientInfo,
  detail: Record<string, unknown>,
  inside?: (tx: DbOrTx) => Promise<void>,
): Promise<string | null> {
  return db
    .transaction(async (tx) => {
      if (inside) await inside(tx);
      if (!(await clearFailures(tx, user.id, { lastLoginIp: client.ip }))) throw new LockedMeanwhile();
      await recordLogin(tx, { userId: user.id, email: user.email, client, result: 'SUCCESS' });
      await audit(tx, {
        action: 'LOGIN',
        outcome: 'SUCCESS',
        actorUserId: user.id,
        actorEmail: user.email,
        merchantId: user.merchantId,
        ip: client.ip,
        detail,
      });
      return createSession(tx, {
        userId: user.id,
        merchantId: user.merchantId,
        ip: client.ip,
        userAgent: client.userAgent,
      });
    })
    .catch((err: unknown) => (err instanceof LockedMeanwhile ? null : Promise.reject(err)));
}

/**
 * Email + password login. Unknown emails and wrong passwords answer alike. 10 failures lock the
 * account for 30 minutes; the attempt is counted before the password is checked (see lockout.ts),
 * so parallel attempts cannot outrun the lock, and a right password never clears a lock.
 *
 * A user with two-factor sign-in gets no session here but a 5-minute challenge for the code step
 * (modules/two-factor/login-two-factor.ts); the count is cleared only when the code is right too,
 * so a known password does not reset the code's lockout (returnAttempt: nor does it add to it).
 *
 * `check` is the password check (argon2id); a test passes one it can hold, to decide the
 * interleaving of parallel attempts. `metrics` counts the refusals by reason and the lockouts (app.metrics).
 */
export async function login(
  db: Db,
  input: LoginRequest,
  client: ClientInfo,
  {
    check = verifyPassword,
    metrics = NO_METRICS,
  }: { check?: typeof verifyPassword; metrics?: Pick<MetricsRecorder, 'loginFailed' | 'accountLocked'> } = {},
): Promise<{ token: string | null; result: LoginResponse }> {
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);

  const fail = async (
    code: string,
    reason: string,
    opts: Pick<AppErrorOptions, 'msg' | 'text'> = {},
  ): Promise<never> => {
    metrics.loginFailed(reason);
    await recordLogin(db, {
      userId: user?.id ?? null,
      email: input.email,
      client,
      result: 'FAILURE',
      failReason: reason,
    });
    await audit(db, {
      action: 'LOGIN',
      outcome: 'FAILURE',
      actorUserId: user?.id,
      actorEmail: input.email,
      merchantId: user?.merchantId,
      ip: client.ip,
      detail: { reason },
    });
    throw new AppError(code, opts);
  };

  if (!user || !user.passwordHash) {
    await check(await timingDummyHash(), input.password);
    if (user?.status === 'INVITED') return fail(ERROR_CODES.SET_PASSWORD_BEFORE_LOGIN, 'PASSWORD_NOT_SET');
    return fail(ERROR_CODES.PASSWORD_NOT_CORRECT, 'UNKNOWN_EMAIL');
  }
  const auditLocked = () => {
    metrics.accountLocked('login');
    return audit(db, {
      action: 'ACCOUNT_LOCKED',
      outcome: 'SUCCESS',
      actorUserId: user.id,
      actorEmail: user.email,
      merchantId: user.merchantId,
      ip: client.ip,
      targetType: 'USER',
      targetId: user.id,
    });
  };
  const attempt = await takeAttempt(db, user.id);
  if (!attempt.admitted) {
    if (attempt.justLocked) await auditLocked();
    return fail(ERROR_CODES.ACCOUNT_LOCKED, 'LOCKED', { text: lockedText(attempt.lockedUntil) });
  }
  const valid = await check(user.passwordHash, input.password);
  if (!valid) {
    const lock = await failedAttempt(db, user.id);
    if (lock?.justLocked) await auditLocked();
    if (lock) return fail(ERROR_CODES.ACCOUNT_LOCKED, 'WRONG_PASSWORD', { text: lockedText(lock.lockedUntil) });
    return fail(ERROR_CODES.PASSWORD_NOT_CORRECT, 'WRONG_PASSWORD');
  }
  const lockedMeanwhile = async () =>
    fail(ERROR_CODES.ACCOUNT_LOCKED, 'LOCKED', { text: lockedText(await currentLock(db, user.id)) });
  if (user.status !== 'ACTIVE') {
    if (!(await clearFailures(db, user.id))) return lockedMeanwhile();
    return fail(ERROR_CODES.CHECK_USER_STATUS, `STATUS_${user.status}`);
  }

  if (user.totpEnabledAt) {
    await returnAttempt(db, user.id);
    const challenge = await createLink(db, user.id, 'TWO_FACTOR');
    return { token: null, result: { forceResetPassword: false, twoFactorRequired: true, challenge } };
  }
  const token = await finishLogin(db, user, client, {});
  if (token === null) return lockedMeanwhile();
  return { token, result: { forceResetPassword: user.forceReset, twoFactorRequired: false, challenge: null } };
}
