import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { TwoFactorEnabled, TwoFactorSetup } from '@mbo/contracts/usercenter';
import type { Db } from '../../db/client';
import { merchants, userRecoveryCodes, users } from '../../db/schema';
import { placeOf } from '../../db/encrypted-columns';
import { AppError } from '../../lib/app-error';
import { NO_METRICS, type MetricsRecorder } from '../../lib/metrics-recorder';
import type { SecretBox } from '../../lib/secret-box';
import { audit } from '../audit';
import { clearFailures, currentLock, disableTotp, enableTotp, lockedText, setPendingTotpSecret } from '../auth';
import { endUserSessions, type AuthContext } from '../../plugins/session-store';
import { checkSecondFactor } from './second-factor';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { newTotpSecret, otpauthUrl, qrDataUrl, totpStep } from './totp';

/** @reads merchants, users (tables other modules own: db/table-owners.ts) */

async function twoFactorState(db: Db, userId: string) {
  const [row] = await db
    .select({
      totpEnabledAt: users.totpEnabledAt,
      totpPendingSecret: users.totpPendingSecret,
      requireTwoFactor: merchants.requireTwoFactor,
    })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, userId));
  return row;
}

const stateError = (msg: string) => new AppError(ERROR_CODES.TWO_FACTOR_STATE, { msg });

/** A new secret to scan (pending until a code from it is confirmed); a setup started earlier is replaced. */
export async function startTwoFactorSetup(db: Db, secrets: SecretBox, auth: AuthContext): Promise<TwoFactorSetup> {
  const state = await twoFactorState(db, auth.userId);
  if (state.totpEnabledAt)
    throw stateError('Two-factor sign-in is already on. Turn it off first to set up another app.');
  const secret = newTotpSecret();
  // Shown once here (to scan), stored encrypted (db/encrypted-columns.ts).
  await setPendingTotpSecret(db, auth.userId, secrets.seal(secret, placeOf('users', auth.userId)));
  const url = otpauthUrl(secret, auth.email);
  return { secret, otpauthUrl: url, qrDataUrl: await qrDataUrl(url) };
}

/**
 * Confirms the pending secret with a code from the app: two-factor sign-in is on from here, and
 * ten new recovery codes are returned once (stored as hashes). The code is checked at `now` (ms, the
 * app's clock) and its step is recorded, so it cannot sign in again.
 */
export async function enableTwoFactor(
  db: Db,
  secrets: SecretBox,
  auth: AuthContext,
  code: string,
  ip: string,
  now: number,
): Promise<TwoFactorEnabled> {
  const state = await twoFactorState(db, auth.userId);
  if (state.totpEnabledAt) throw stateError('Two-factor sign-in is already on.');
  const pending = state.totpPendingSecret;
  if (!pending) throw stateError('Start the setup first: scan a new QR code.');
  const secret = secrets.open(pending, placeOf('users', auth.userId));
  const step = await totpStep(secret, code, null, now);
  if (step === null) {
    await audit(db, {
      action: 'TWO_FACTOR_ENABLED',
      outcome: 'FAILURE',
      actorUserId: auth.userId,
      actorEmail: auth.email,
      merchantId: auth.homeMerchantId,
      ip,
      targetType: 'USER',
      targetId: auth.userId,
      detail: { reason: 'WRONG_CODE' },
    });
    throw new AppError(ERROR_CODES.TWO_FACTOR_CODE_INVALID, { text: { key: 'twoFactorCodeWrong' } });
  }
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await enableTotp(tx, auth.userId, pending, step)))
      throw stateError('Two-factor sign-in was changed meanwhile. Reload and try again.');
    await tx.execute(sql`DELETE FROM user_recovery_codes WHERE user_id = ${auth.userId}`);
    await tx
      .insert(userRecoveryCodes)
      .values(codes.map((c) => ({ userId: auth.userId, codeHash: recoveryCodeHash(secrets, c) })));
    await audit(tx, {
      action: 'TWO_FACTOR_ENABLED',
      outcome: 'SUCCESS',
      actorUserId: auth.userId,
      actorEmail: auth.email,
      merchantId: auth.homeMerchantId,
      ip,
      targetType: 'USER',
      targetId: auth.userId,
    });
  });
  return { recoveryCodes: codes };
}

/**
 * Turns two-factor sign-in off with a current code or a recovery code (counted like a password:
 * 10 wrong ones lock the account and end its sessions), checked at `now` (ms, the app's clock).
 * Refused while the merchant requires it.
 */
export async function disableTwoFactor(
  db: Db,
  secrets: SecretBox,
  auth: AuthContext,
  code: string,
  ip: string,
  now: number,
  metrics: Pick<MetricsRecorder, 'accountLocked'> = NO_METRICS,
): Promise<void> {
  const state = await twoFactorState(db, auth.userId);
  if (!state.totpEnabledAt) throw stateError('Two-factor sign-in is not on.');
  if (state.requireTwoFactor)
    throw stateError('Your merchant requires two-factor sign-in for every member, so it cannot be turned off.');
  const who = { userId: auth.userId, email: auth.email, merchantId: auth.homeMerchantId, ip };
  try {
    await checkSecondFactor(db, secrets, who, code, 'TWO_FACTOR_DISABLED', now, metrics);
  } catch (err) {
    if (err instanceof AppError && err.code === ERROR_CODES.ACCOUNT_LOCKED) await endUserSessions(db, auth.userId);
    throw err;
  }
  if (!(await clearFailures(db, auth.userId))) {
    throw new AppError(ERROR_CODES.ACCOUNT_LOCKED, { text: lockedText(await currentLock(db, auth.userId)) });
  }
  await db.transaction(async (tx) => {
    await disableTotp(tx, auth.userId);
    await tx.execute(sql`DELETE FROM user_recovery_codes WHERE user_id = ${auth.userId}`);
    await audit(tx, {
      action: 'TWO_FACTOR_DISABLED',
      outcome: 'SUCCESS',
      actorUserId: auth.userId,
      actorEmail: auth.email,
      merchantId: auth.homeMerchantId,
      ip,
      targetType: 'USER',
      targetId: auth.userId,
    });
  });
}
