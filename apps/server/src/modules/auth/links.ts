import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TWO_FACTOR_RULES, type CheckLinkResponse, type LinkType } from '@mbo/contracts/usercenter';
import type { DbOrTx } from '../../db/client';
import { merchants, userLinks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import type { OneTimeLink } from '../../mail/email';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

/** A link of a mail, or the challenge between a login's password and its two-factor code (never mailed). */
export type StoredLinkType = LinkType | 'TWO_FACTOR';

/** Reset links live 30 minutes, invitations 7 days (QUALITY.md), a login's two-factor step 5 minutes. */
export const LINK_LIFETIME_MS: Record<StoredLinkType, number> = {
  RESET: 30 * 60 * 1000,
  INVITE: 7 * 24 * 60 * 60 * 1000,
  TWO_FACTOR: TWO_FACTOR_RULES.challengeMinutes * 60 * 1000,
};

const LINK_PAGE: Record<LinkType, string> = { RESET: 'reset_password', INVITE: 'register_password' };

export function linkUrl(publicUrl: string, type: LinkType, token: string): string {
  return `${publicUrl}/app/auth/${LINK_PAGE[type]}?token=${encodeURIComponent(token)}`;
}

/** A new single-use link; earlier unused links of the same type for the user stop working. */
export async function createLink(db: DbOrTx, userId: string, type: StoredLinkType): Promise<string> {
  return (await insertLink(db, userId, type)).token;
}

/** A new single-use link to mail (see createLink): its URL and when it expires, for the mail's outbox row. */
export async function createMailLink(
  db: DbOrTx,
  userId: string,
  type: LinkType,
  publicUrl: string,
): Promise<OneTimeLink> {
  const { token, expiresAt } = await insertLink(db, userId, type);
  return { url: linkUrl(publicUrl, type, token), expiresAt };
}

async function insertLink(
  db: DbOrTx,
  userId: string,
  type: StoredLinkType,
): Promise<{ token: string; expiresAt: Date }> {
  await db
    .update(userLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(userLinks.userId, userId), eq(userLinks.type, type), isNull(userLinks.usedAt)));
  const token = newToken();
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[type]);
  await db.insert(userLinks).values({ userId, type, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

async function findLink(db: DbOrTx, token: string, type: LinkType) {
  const rows = await db
    .select({
      userId: userLinks.userId,
      usedAt: userLinks.usedAt,
      expiresAt: userLinks.expiresAt,
      userStatus: users.status,
      email: users.email,
      merchantName: merchants.name,
    })
    .from(userLinks)
    .innerJoin(users, eq(users.id, userLinks.userId))
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(and(eq(userLinks.tokenHash, hashToken(token)), eq(userLinks.type, type)));
  return rows.at(0);
}

/** The catalogue error for a link that cannot be used (used, expired or unknown). */
function linkError(link: Awaited<ReturnType<typeof findLink>>, type: LinkType): AppError {
  if (!link) return new AppError(ERROR_CODES.LINK_INVALID);
  if (type === 'INVITE' && (link.usedAt || link.userStatus !== 'INVITED'))
    return new AppError(ERROR_CODES.USER_ALREADY_ACTIVE);
  if (link.usedAt) return new AppError(ERROR_CODES.LINK_INVALID);
  if (link.expiresAt.getTime() <= Date.now()) return new AppError(ERROR_CODES.LINK_EXPIRED);
  if (link.userStatus === 'DISABLED') return new AppError(ERROR_CODES.CHECK_USER_STATUS);
  return new AppError(ERROR_CODES.LINK_INVALID);
}

/** Tells whether a link can be used, without using it. */
export async function checkLink(db: DbOrTx, token: string, type: LinkType): Promise<CheckLinkResponse> {
  const link = await findLink(db, token, type);
  const usable =
    link &&
    !link.usedAt &&
    link.expiresAt.getTime() > Date.now() &&
    (type === 'INVITE' ? link.userStatus === 'INVITED' : link.userStatus === 'ACTIVE');
  if (!usable) throw linkError(link, type);
  return { email: link.email, merchantName: link.merchantName, expiresAt: link.expiresAt.toISOString() };
}

/** The link of a token and type, while it has not been used. */
const unusedLink = (token: string, type: StoredLinkType) =>
  and(eq(userLinks.tokenHash, hashToken(token)), eq(userLinks.type, type), isNull(userLinks.usedAt));

/**
 * Uses a link inside the caller's transaction: one conditional UPDATE, so of parallel uses exactly
 * one wins (the others re-check the row after the winner commits and find it used).
 */
export async function consumeLink(db: DbOrTx, token: string, type: LinkType): Promise<string> {
  const rows = await db
    .update(userLinks)
    .set({ usedAt: sql`now()` })
    .from(users)
    .where(
      and(
        unusedLink(token, type),
        gt(userLinks.expiresAt, sql`now()`),
        eq(users.id, userLinks.userId),
        eq(users.status, type === 'INVITE' ? 'INVITED' : 'ACTIVE'),
      ),
    )
    .returning({ userId: userLinks.userId });
  if (rows[0]) return rows[0].userId;
  throw linkError(await findLink(db, token, type), type);
}

/**
 * Uses a login's two-factor challenge inside the caller's transaction (the one that opens the
 * session): one conditional UPDATE, so of parallel uses at most one wins. Returns whether this one did.
 */
export async function consumeTwoFactorChallenge(db: DbOrTx, challenge: string): Promise<boolean> {
  const used = await db
    .update(userLinks)
    .set({ usedAt: sql`now()` })
    .where(unusedLink(challenge, 'TWO_FACTOR'))
    .returning({ id: userLinks.id });
  return used.length === 1;
}
