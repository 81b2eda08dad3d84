import type { ErrorText } from '../../lib/app-error';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { computedOrNull, typedRows } from '../../db/typed-rows';

/** PCI DSS 8.3.4: at most 10 invalid attempts, then the account is locked for at least 30 minutes. */
export const MAX_FAILED_LOGINS = 10;
export const LOCKOUT_MINUTES = 30;

/**
 * The lockout of one account, shared by the login and the current-password checks of
 * change-password and the forced reset (same counter, same limits).
 *
 * An attempt is counted as a failure BEFORE its password is verified (`takeAttempt`, one atomic
 * UPDATE), so parallel attempts cannot all pass a check made on a row read earlier: at most 10
 * attempts are in flight or failed at any time, and the 11th locks the account. A wrong password
 * keeps its count and locks the account once 10 are counted (`failedAttempt`); a right one clears
 * the count only while the account is not locked (`clearFailures`, a conditional UPDATE), so a
 * right password whose check finishes after the 10th failure was counted is refused and the lock
 * stays. Sequentially this is exactly "10 failures lock, a success resets the count".
 */
export type Attempt = { admitted: true } | { admitted: false; lockedUntil: Date; justLocked: boolean };

const fallbackLock = () => new Date(Date.now() + LOCKOUT_MINUTES * 60_000);

/** Counts one attempt up front; refused (and locks the account) while 10 are already counted. */
export async function takeAttempt(db: DbOrTx, userId: string): Promise<Attempt> {
  const [row] = await typedRows(
    db,
    { taken: computedOrNull(Boolean), just_locked_until: users.lockedUntil, locked_until: users.lockedUntil },
    sql`
      WITH attempt AS (
        UPDATE users SET
          -- a lock that has run out starts the count again
          failed_login_count = CASE
            WHEN locked_until <= now() THEN 1
            WHEN failed_login_count >= ${MAX_FAILED_LOGINS} THEN failed_login_count
            ELSE failed_login_count + 1 END,
          locked_until = CASE
            WHEN locked_until <= now() THEN NULL
            WHEN failed_login_count >= ${MAX_FAILED_LOGINS} THEN now() + make_interval(mins => ${LOCKOUT_MINUTES})
            ELSE locked_until END
         WHERE id = ${userId} AND (locked_until IS NULL OR locked_until <= now())
        RETURNING locked_until)
      SELECT (SELECT true FROM attempt) AS taken,
             (SELECT locked_until FROM attempt) AS just_locked_until,
             (SELECT locked_until FROM users WHERE id = ${userId}) AS locked_until`,
  );
  if (row?.taken && row.just_locked_until === null) return { admitted: true };
  if (row?.taken) return { admitted: false, lockedUntil: row.just_locked_until!, justLocked: true };
  return { admitted: false, lockedUntil: row?.locked_until ?? fallbackLock(), justLocked: false };
}

/**
 * A taken attempt failed (its count is already in): locks the account when 10 are counted.
 * Returns the lock when the account is locked now, by this failure (justLocked) or another one.
 */
export async function failedAttempt(
  db: DbOrTx,
  userId: string,
): Promise<{ lockedUntil: Date; justLocked: boolean } | null> {
  const [row] = await typedRows(
    db,
    { just_locked_until: users.lockedUntil, locked_until: users.lockedUntil },
    sql`
      WITH locked AS (
        UPDATE users SET locked_until = now() + make_interval(mins => ${LOCKOUT_MINUTES})
         WHERE id = ${userId} AND failed_login_count >= ${MAX_FAILED_LOGINS} AND (locked_until IS NULL OR locked_until <= now())
        RETURNING locked_until)
      SELECT (SELECT locked_until FROM locked) AS just_locked_until,
             (SELECT locked_until FROM users WHERE id = ${userId} AND locked_until > now()) AS locked_until`,
  );
  if (row?.just_locked_until) return { lockedUntil: row.just_locked_until, justLocked: true };
  if (row?.locked_until) return { lockedUntil: row.locked_until, justLocked: false };
  return null;
}

/**
 * A taken attempt had the right password: clears the count, unless the account got locked in the
 * meantime (then false, and the attempt must be refused). `extra` sets more columns in the same UPDATE.
 */
export async function clearFailures(
  db: DbOrTx,
  userId: string,
  extra: { lastLoginIp?: string } = {},
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      failedLoginCount: 0,
      lockedUntil: null,
      ...(extra.lastLoginIp !== undefined ? { lastLoginAt: sql`now()`, lastLoginIp: extra.lastLoginIp } : {}),
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * A taken attempt whose password was right but that is not finished (the two-factor code comes
 * next): its count is returned, the failures before it stay. A right password alone therefore
 * never clears failed codes, and counts as no failure either.
 */
export async function returnAttempt(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`
    UPDATE users SET failed_login_count = greatest(failed_login_count - 1, 0)
     WHERE id = ${userId} AND (locked_until IS NULL OR locked_until <= now())`);
}

/** The end of the account's lock (30 minutes from now if it has just run out). */
export async function currentLock(db: DbOrTx, userId: string): Promise<Date> {
  const [row] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, userId));
  return row?.lockedUntil ?? fallbackLock();
}

export function lockedText(until: Date): ErrorText {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));
  return { key: 'accountLocked', values: { count: minutes } };
}
