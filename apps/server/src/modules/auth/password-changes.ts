import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  RegisterPasswordRequest,
  ResetPasswordRequest,
} from '@mbo/contracts/usercenter';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { NO_METRICS, type MetricsRecorder } from '../../lib/metrics-recorder';
import { audit } from '../audit';
import type { Mailer } from '../../mail/mailer';
import { resetPasswordEmail } from '../../mail/templates';
import { recipientLocale } from '../../lib/i18n/i18n';
import { endUserSessions, type AuthContext } from '../../plugins/session-store';
import { consumeLink, createMailLink } from './links';
import { clearFailures, currentLock, failedAttempt, lockedText, takeAttempt } from './lockout';
import { assertNotRecentlyUsed, assertPasswordPolicy, storePassword, verifyPassword } from './passwords';
import type { ClientInfo } from './login';

interface MailContext {
  mailer: Mailer;
  publicUrl: string;
}

/** Who used a link, for the audit row: the user and their merchant (whose audit log shows it). */
async function linkUser(
  db: DbOrTx,
  userId: string,
): Promise<{ actorUserId: string; actorEmail: string; merchantId: string }> {
  const [user] = await db
    .select({ email: users.email, merchantId: users.merchantId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { actorUserId: userId, actorEmail: user.email, merchantId: user.merchantId };
}

/** Sends a reset link to an active user; answers the same whether or not the email exists. */
export async function forgotPassword(
  db: Db,
  input: ForgotPasswordRequest,
  client: ClientInfo,
  mail: MailContext,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  await db.transaction(async (tx) => {
    if (user && user.status === 'ACTIVE') {
      await mail.mailer.enqueue(
        tx,
        resetPasswordEmail(
          user.email,
          await createMailLink(tx, user.id, 'RESET', mail.publicUrl),
          recipientLocale(user.locale),
        ),
      );
    }
    await audit(tx, {
      action: 'PASSWORD_RESET_REQUESTED',
      outcome: user?.status === 'ACTIVE' ? 'SUCCESS' : 'FAILURE',
      actorUserId: user?.id,
      actorEmail: input.email,
      merchantId: user?.merchantId,
      ip: client.ip,
    });
  });
  mail.mailer.kick();
}

/** Sets a new password from a reset link; ends every session of the user. */
export async function resetPassword(db: Db, input: ResetPasswordRequest, client: ClientInfo): Promise<void> {
  assertPasswordPolicy(input.password);
  await db.transaction(async (tx) => {
    const userId = await consumeLink(tx, input.token, 'RESET');
    await assertNotRecentlyUsed(tx, userId, input.password);
    await storePassword(tx, userId, input.password);
    await endUserSessions(tx, userId);
    await audit(tx, {
      action: 'PASSWORD_RESET',
      outcome: 'SUCCESS',
      ...(await linkUser(tx, userId)),
      ip: client.ip,
      targetType: 'USER',
      targetId: userId,
    });
  });
}

/** Activates an invited user: name and first password from the invitation link. */
export async function registerPassword(db: Db, input: RegisterPasswordRequest, client: ClientInfo): Promise<void> {
  assertPasswordPolicy(input.password);
  await db.transaction(async (tx) => {
    const userId = await consumeLink(tx, input.token, 'INVITE');
    await tx.update(users).set({ name: input.name, status: 'ACTIVE' }).where(eq(users.id, userId));
    await storePassword(tx, userId, input.password);
    await audit(tx, {
      action: 'INVITATION_ACCEPTED',
      outcome: 'SUCCESS',
      ...(await linkUser(tx, userId)),
      ip: client.ip,
      targetType: 'USER',
      targetId: userId,
    });
  });
}

/**
 * Changes the password of the signed-in user after checking the current one (forced reset and the
 * user menu's change password). Other sessions of the user end; this one stays.
 *
 * A wrong current password counts towards the login lockout (same counter, 10 failures lock the
 * account for 30 minutes), so a session cannot be used to guess the password without limit. When
 * a wrong current password locks the account, every session of the user ends (this one too); a
 * locked account answers the lock code here whatever password is sent.
 */
export async function changePassword(
  db: Db,
  auth: AuthContext,
  input: ChangePasswordRequest,
  client: ClientInfo,
  action: 'PASSWORD_CHANGE' | 'PASSWORD_FORCED_RESET',
  metrics: Pick<MetricsRecorder, 'accountLocked'> = NO_METRICS,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
  const refuse = async (
    reason: string,
    code: string,
    lock?: { lockedUntil: Date; justLocked: boolean },
  ): Promise<never> => {
    if (lock?.justLocked) {
      metrics.accountLocked('password_change');
      await endUserSessions(db, auth.userId);
      await audit(db, {
        action: 'ACCOUNT_LOCKED',
        outcome: 'SUCCESS',
        actorUserId: auth.userId,
        actorEmail: auth.email,
        merchantId: auth.homeMerchantId,
        ip: client.ip,
        targetType: 'USER',
        targetId: auth.userId,
        detail: { via: action },
      });
    }
    await audit(db, {
      action,
      outcome: 'FAILURE',
      actorUserId: auth.userId,
      actorEmail: auth.email,
      merchantId: auth.homeMerchantId,
      ip: client.ip,
      detail: { reason },
    });
    throw new AppError(code, lock ? { text: lockedText(lock.lockedUntil) } : {});
  };
  if (!user?.passwordHash) return refuse('WRONG_CURRENT_PASSWORD', ERROR_CODES.OLD_PASSWORD_NOT_CORRECT);
  const attempt = await takeAttempt(db, user.id);
  if (!attempt.admitted) return refuse('LOCKED', ERROR_CODES.ACCOUNT_LOCKED, attempt);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    const lock = await failedAttempt(db, user.id);
    return lock
      ? refuse('WRONG_CURRENT_PASSWORD', ERROR_CODES.ACCOUNT_LOCKED, lock)
      : refuse('WRONG_CURRENT_PASSWORD', ERROR_CODES.OLD_PASSWORD_NOT_CORRECT);
  }
  if (!(await clearFailures(db, user.id)))
    return refuse('LOCKED', ERROR_CODES.ACCOUNT_LOCKED, {
      lockedUntil: await currentLock(db, user.id),
      justLocked: false,
    });
  assertPasswordPolicy(input.newPassword);
  await db.transaction(async (tx) => {
    await assertNotRecentlyUsed(tx, auth.userId, input.newPassword);
    await storePassword(tx, auth.userId, input.newPassword);
    await endUserSessions(tx, auth.userId, auth.sessionId);
    await audit(tx, {
      action,
      outcome: 'SUCCESS',
      actorUserId: auth.userId,
      actorEmail: auth.email,
      merchantId: auth.homeMerchantId,
      ip: client.ip,
      targetType: 'USER',
      targetId: auth.userId,
    });
  });
}
