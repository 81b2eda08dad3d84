import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { LoginResponse, LoginTwoFactorRequest } from '@mbo/contracts/usercenter';
import type { Db } from '../../db/client';
import { userLinks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { NO_METRICS, type MetricsRecorder } from '../../lib/metrics-recorder';
import type { SecretBox } from '../../lib/secret-box';
import { hashToken } from '../../lib/tokens';
import { consumeTwoFactorChallenge, finishLogin, lockedMeanwhileError, recordLogin, type ClientInfo } from '../auth';
import { checkSecondFactor } from './second-factor';

/** @reads user_links, users (tables other modules own: db/table-owners.ts) */

const challengeError = () =>
  new AppError(ERROR_CODES.TWO_FACTOR_CHALLENGE_INVALID, {
    msg: 'The sign-in took too long or has already been completed. Log in again.',
  });

/**
 * The second step of a login with two-factor sign-in: the challenge the password step returned
 * (5 minutes, single use) and a code from the app or a recovery code, checked under the same
 * lockout as the password (10 failures lock the account for 30 minutes). The challenge is used in
 * the transaction that opens the session, so of two parallel steps at most one signs in. A TOTP
 * code is checked at `now` (ms, the app's clock).
 */
export async function loginTwoFactor(
  db: Db,
  secrets: SecretBox,
  input: LoginTwoFactorRequest,
  client: ClientInfo,
  now: number,
  metrics: Pick<MetricsRecorder, 'loginFailed' | 'accountLocked'> = NO_METRICS,
): Promise<{ token: string; result: LoginResponse }> {
  const [challenge] = await db
    .select({ userId: userLinks.userId })
    .from(userLinks)
    .innerJoin(users, eq(users.id, userLinks.userId))
    .where(
      and(
        eq(userLinks.tokenHash, hashToken(input.challenge)),
        eq(userLinks.type, 'TWO_FACTOR'),
        isNull(userLinks.usedAt),
        gt(userLinks.expiresAt, sql`now()`),
        eq(users.status, 'ACTIVE'),
        isNotNull(users.totpEnabledAt),
      ),
    );
  if (!challenge) throw challengeError();
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  const who = { userId: user.id, email: user.email, merchantId: user.merchantId, ip: client.ip };
  const factor = await checkSecondFactor(db, secrets, who, input.code, 'LOGIN_TWO_FACTOR', now, metrics).catch(
    async (err: unknown) => {
      const reason = err instanceof AppError && err.code === ERROR_CODES.ACCOUNT_LOCKED ? 'LOCKED' : 'WRONG_CODE';
      metrics.loginFailed(reason);
      await recordLogin(db, { userId: user.id, email: user.email, client, result: 'FAILURE', failReason: reason });
      throw err;
    },
  );
  const token = await finishLogin(db, user, client, { secondFactor: factor }, async (tx) => {
    if (!(await consumeTwoFactorChallenge(tx, input.challenge))) throw challengeError();
  });
  if (token === null) throw await lockedMeanwhileError(db, user.id);
  return { token, result: { forceResetPassword: user.forceReset, twoFactorRequired: false, challenge: null } };
}
