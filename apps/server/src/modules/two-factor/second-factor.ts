import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { DbOrTx } from '../../db/client';
import { userRecoveryCodes, users } from '../../db/schema';
import { placeOf } from '../../db/encrypted-columns';
import { AppError } from '../../lib/app-error';
import { NO_METRICS, type MetricsRecorder } from '../../lib/metrics-recorder';
import type { SecretBox } from '../../lib/secret-box';
import { audit } from '../audit';
import { claimTotpStep, failedAttempt, lockedText, takeAttempt } from '../auth';
import { recoveryCodeHashes } from './recovery-codes';
import { isTotpCode, totpStep } from './totp';

/** @reads users (tables other modules own: db/table-owners.ts) */

export type SecondFactor = 'TOTP' | 'RECOVERY_CODE';

interface Who {
  userId: string;
  email: string;
  merchantId: string;
  ip: string;
}

/**
 * Uses a code of the user's authenticator app: valid within ±1 step and for a later step than the
 * last accepted, which one conditional UPDATE moves forward, so of two uses of one code (also in
 * parallel) exactly one wins.
 */
async function useTotpCode(
  db: DbOrTx,
  secrets: SecretBox,
  userId: string,
  code: string,
  now: number,
): Promise<boolean> {
  const [user] = await db
    .select({ totpSecret: users.totpSecret, totpLastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.totpSecret) return false;
  // Stored encrypted (db/encrypted-columns.ts); claimTotpStep compares the stored text.
  const secret = secrets.open(user.totpSecret, placeOf('users', userId));
  const step = await totpStep(secret, code, user.totpLastStep, now);
  if (step === null) return false;
  return claimTotpStep(db, userId, user.totpSecret, step);
}

/**
 * Uses a recovery code (its keyed hash under any key of the keyring: recovery-codes.ts): one conditional UPDATE, single
 * use.
 */
async function useRecoveryCode(db: DbOrTx, secrets: SecretBox, userId: string, code: string): Promise<boolean> {
  const hashes = recoveryCodeHashes(secrets, code);
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        inArray(userRecoveryCodes.codeHash, hashes),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return used.length >= 1;
}

/**
 * Checks a second-factor code (a TOTP code or a recovery code) under the login lockout: the
 * attempt is counted before the check (modules/auth/lockout.ts), a wrong, used or replayed code
 * keeps its count, and 10 lock the account for 30 minutes. The caller clears the count on success
 * (with the login, or clearFailures). A TOTP code is checked at `now` (ms, the app's clock). Returns
 * which factor was used; `metrics` counts the lockouts (app.metrics).
 */
export async function checkSecondFactor(
  db: DbOrTx,
  secrets: SecretBox,
  who: Who,
  code: string,
  action: string,
  now: number,
  metrics: Pick<MetricsRecorder, 'accountLocked'> = NO_METRICS,
): Promise<SecondFactor> {
  const locked = async (lock: { lockedUntil: Date; justLocked: boolean }): Promise<never> => {
    if (lock.justLocked) {
      metrics.accountLocked('two_factor');
      await audit(db, {
        action: 'ACCOUNT_LOCKED',
        outcome: 'SUCCESS',
        actorUserId: who.userId,
        actorEmail: who.email,
        merchantId: who.merchantId,
        ip: who.ip,
        targetType: 'USER',
        targetId: who.userId,
        detail: { via: action },
      });
    }
    throw new AppError(ERROR_CODES.ACCOUNT_LOCKED, { text: lockedText(lock.lockedUntil) });
  };
  const attempt = await takeAttempt(db, who.userId);
  if (!attempt.admitted) return locked(attempt);
  const factor: SecondFactor = isTotpCode(code) ? 'TOTP' : 'RECOVERY_CODE';
  const valid =
    factor === 'TOTP'
      ? await useTotpCode(db, secrets, who.userId, code, now)
      : await useRecoveryCode(db, secrets, who.userId, code);
  if (valid) return factor;
  const lock = await failedAttempt(db, who.userId);
  await audit(db, {
    action,
    outcome: 'FAILURE',
    actorUserId: who.userId,
    actorEmail: who.email,
    merchantId: who.merchantId,
    ip: who.ip,
    targetType: 'USER',
    targetId: who.userId,
    detail: { reason: 'WRONG_CODE', factor },
  });
  if (lock) return locked(lock);
  throw new AppError(ERROR_CODES.TWO_FACTOR_CODE_INVALID, {
    msg:
      factor === 'TOTP'
        ? 'The code is not correct or has been used. Enter the current code from your authenticator app.'
        : 'The recovery code is not correct or has been used.',
  });
}
