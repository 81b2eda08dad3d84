/**
 * The writes of the users table that other modules ask for (team: invitations and member changes;
 * two-factor: its columns of the user; user centre: the theme and language choices). Each runs in the caller's
 * transaction, so it commits or rolls back with the rest of the caller's work. Encrypted values (the
 * TOTP secrets) come sealed.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Locale } from '@mbo/contracts/locale';
import type { ThemeChoice } from '@mbo/contracts/usercenter';
import type { DbOrTx } from '../../db/client';
import { loginHistory, userLinks, users } from '../../db/schema';

/** Creates an INVITED user; null when the email already has a user (nothing is written then). */
export async function createInvitedUser(
  tx: DbOrTx,
  invited: { merchantId: string; email: string; roleCode: string; invitedBy: string },
): Promise<string | null> {
  const [inserted] = await tx
    .insert(users)
    .values({ ...invited, status: 'INVITED' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted?.id ?? null;
}

/**
 * Removes a user with their links (the caller has locked the row, and removed what its own module
 * keeps of the user). Their login history stays, without the user; users they invited keep no inviter.
 */
export async function removeUser(tx: DbOrTx, userId: string): Promise<void> {
  await tx.update(loginHistory).set({ userId: null }).where(eq(loginHistory.userId, userId));
  await tx.delete(userLinks).where(eq(userLinks.userId, userId));
  await tx.update(users).set({ invitedBy: null }).where(eq(users.invitedBy, userId));
  await tx.delete(users).where(eq(users.id, userId));
}

/** Gives a user another role. */
export async function setUserRole(tx: DbOrTx, userId: string, roleCode: string): Promise<void> {
  await tx.update(users).set({ roleCode }).where(eq(users.id, userId));
}

/** Disables a user (stamped with the database's time) or enables one again. */
export async function setUserStatus(tx: DbOrTx, userId: string, status: 'ACTIVE' | 'DISABLED'): Promise<void> {
  await tx
    .update(users)
    .set({ status, disabledAt: status === 'DISABLED' ? sql`now()` : null })
    .where(eq(users.id, userId));
}

/** Whether a user may switch to every sub-merchant (true) or only to those the team module lists. */
export async function setAllSubMerchants(tx: DbOrTx, userId: string, allSubMerchants: boolean): Promise<void> {
  await tx.update(users).set({ allSubMerchants }).where(eq(users.id, userId));
}

/** Keeps the user's language (the user menu's Language, or the login page's choice at sign-in). */
export async function setUserLocale(tx: DbOrTx, userId: string, locale: Locale): Promise<void> {
  await tx.update(users).set({ locale }).where(eq(users.id, userId));
}

/** Keeps the user's theme choice (the user menu's Theme). */
export async function setUserTheme(tx: DbOrTx, userId: string, theme: ThemeChoice): Promise<void> {
  await tx.update(users).set({ theme }).where(eq(users.id, userId));
}

/** Stores a TOTP secret being set up (sealed by the caller), replacing one set up earlier. */
export async function setPendingTotpSecret(tx: DbOrTx, userId: string, sealedSecret: string): Promise<void> {
  await tx.update(users).set({ totpPendingSecret: sealedSecret }).where(eq(users.id, userId));
}

/**
 * Turns two-factor sign-in on with the pending secret, its first code's step used: one conditional
 * UPDATE, only while that secret is still pending and two-factor is off. Returns whether it did.
 */
export async function enableTotp(
  tx: DbOrTx,
  userId: string,
  sealedPendingSecret: string,
  step: number,
): Promise<boolean> {
  const enabled = await tx
    .update(users)
    .set({
      totpSecret: sql`${users.totpPendingSecret}`,
      totpEnabledAt: sql`now()`,
      totpLastStep: step,
      totpPendingSecret: null,
    })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, sealedPendingSecret), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return enabled.length === 1;
}

/** Turns two-factor sign-in off: the secret, a pending one and the last step used are cleared. */
export async function disableTotp(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpPendingSecret: null })
    .where(eq(users.id, userId));
}

/**
 * Records a TOTP code's step as used: one conditional UPDATE, only while the secret is the one the
 * code was checked with and the step is later than the last one used, so of two uses of one code
 * (also in parallel) exactly one wins. Returns whether this one did.
 */
export async function claimTotpStep(tx: DbOrTx, userId: string, sealedSecret: string, step: number): Promise<boolean> {
  const moved = await tx
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.totpSecret, sealedSecret),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return moved.length === 1;
}
