import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { LoginRequest, LoginResponse } from '@mbo/contracts/usercenter';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { loginHistory, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { createSession } from '../../plugins/session-store';
import { timingDummyHash, verifyPassword } from './passwords';

export const MAX_FAILED_LOGINS = 10;
export const LOCKOUT_MINUTES = 30;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * Email + password login. Unknown emails and wrong passwords answer alike. 10 failures lock the
 * account for 30 minutes; the counter is one atomic UPDATE, so parallel attempts all count.
 */
export async function login(db: Db, input: LoginRequest, client: ClientInfo): Promise<{ token: string; result: LoginResponse }> {
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);

  const fail = async (code: string, reason: string, opts: { msg?: string } = {}): Promise<never> => {
    await db.insert(loginHistory).values({ userId: user?.id ?? null, email: input.email, ip: client.ip, userAgent: client.userAgent.slice(0, 500), result: 'FAILURE', failReason: reason });
    await audit(db, { action: 'LOGIN', outcome: 'FAILURE', actorUserId: user?.id, actorEmail: input.email, merchantId: user?.merchantId, ip: client.ip, detail: { reason } });
    throw new AppError(code, opts);
  };

  if (!user || !user.passwordHash) {
    await verifyPassword(await timingDummyHash(), input.password);
    if (user?.status === 'INVITED') return fail(ERROR_CODES.SET_PASSWORD_BEFORE_LOGIN, 'PASSWORD_NOT_SET');
    return fail(ERROR_CODES.PASSWORD_NOT_CORRECT, 'UNKNOWN_EMAIL');
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    return fail(ERROR_CODES.ACCOUNT_LOCKED, 'LOCKED', { msg: lockedMessage(user.lockedUntil) });
  }
  const valid = await verifyPassword(user.passwordHash, input.password);
  if (!valid) {
    const lockedUntil = await countFailure(db, user.id);
    if (lockedUntil) {
      await audit(db, { action: 'ACCOUNT_LOCKED', outcome: 'SUCCESS', actorUserId: user.id, actorEmail: user.email, merchantId: user.merchantId, ip: client.ip, targetType: 'user', targetId: user.id });
      return fail(ERROR_CODES.ACCOUNT_LOCKED, 'WRONG_PASSWORD', { msg: lockedMessage(lockedUntil) });
    }
    return fail(ERROR_CODES.PASSWORD_NOT_CORRECT, 'WRONG_PASSWORD');
  }
  if (user.status !== 'ACTIVE') return fail(ERROR_CODES.CHECK_USER_STATUS, `STATUS_${user.status}`);

  const token = await db.transaction(async (tx) => {
    await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date(), lastLoginIp: client.ip }).where(eq(users.id, user.id));
    await tx.insert(loginHistory).values({ userId: user.id, email: user.email, ip: client.ip, userAgent: client.userAgent.slice(0, 500), result: 'SUCCESS' });
    await audit(tx, { action: 'LOGIN', outcome: 'SUCCESS', actorUserId: user.id, actorEmail: user.email, merchantId: user.merchantId, ip: client.ip });
    return createSession(tx, { userId: user.id, merchantId: user.merchantId, ip: client.ip, userAgent: client.userAgent });
  });
  return { token, result: { forceResetPassword: user.forceReset } };
}

/** Adds one failure; returns the lock end when this failure locked the account. */
async function countFailure(db: Db, userId: string): Promise<Date | null> {
  const rows = rowsOf<{ locked_until: string | Date | null; just_locked: boolean }>(
    await db.execute(sql`
      WITH updated AS (
        UPDATE users SET
          -- a lock that has run out starts the count again
          failed_login_count = CASE WHEN locked_until <= now() THEN 1 ELSE failed_login_count + 1 END,
          locked_until = CASE
            WHEN (CASE WHEN locked_until <= now() THEN 1 ELSE failed_login_count + 1 END) >= ${MAX_FAILED_LOGINS}
              THEN now() + make_interval(mins => ${LOCKOUT_MINUTES})
            WHEN locked_until <= now() THEN NULL
            ELSE locked_until END
         WHERE id = ${userId}
        RETURNING failed_login_count, locked_until)
      SELECT locked_until, failed_login_count >= ${MAX_FAILED_LOGINS} AS just_locked FROM updated`),
  );
  const row = rows[0];
  return row?.just_locked && row.locked_until ? new Date(row.locked_until) : null;
}

function lockedMessage(until: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));
  return `Too many failed attempts. The account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`;
}
