import { and, eq, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TWO_FACTOR_RULES, type CheckLinkResponse, type LinkType } from '@mbo/contracts/usercenter';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { userLinks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import type { OneTimeLink } from '../../mail/email';

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

interface LinkRow {
  user_id: string;
  used_at: string | Date | null;
  expires_at: string | Date;
  user_status: string;
  email: string;
  merchant_name: string;
}

async function findLink(db: DbOrTx, token: string, type: LinkType): Promise<LinkRow | undefined> {
  const rows = rowsOf<LinkRow>(
    await db.execute(sql`
      SELECT l.user_id, l.used_at, l.expires_at, u.status AS user_status, u.email, m.name AS merchant_name
        FROM user_links l JOIN users u ON u.id = l.user_id JOIN merchants m ON m.id = u.merchant_id
       WHERE l.token_hash = ${hashToken(token)} AND l.type = ${type}`),
  );
  return rows[0];
}

/** The catalogue error for a link that cannot be used (used, expired or unknown). */
function linkError(link: LinkRow | undefined, type: LinkType): AppError {
  if (!link) return new AppError(ERROR_CODES.LINK_INVALID);
  if (type === 'INVITE' && (link.used_at || link.user_status !== 'INVITED'))
    return new AppError(ERROR_CODES.USER_ALREADY_ACTIVE);
  if (link.used_at) return new AppError(ERROR_CODES.LINK_INVALID);
  if (new Date(link.expires_at).getTime() <= Date.now()) return new AppError(ERROR_CODES.LINK_EXPIRED);
  if (link.user_status === 'DISABLED') return new AppError(ERROR_CODES.CHECK_USER_STATUS);
  return new AppError(ERROR_CODES.LINK_INVALID);
}

/** Tells whether a link can be used, without using it. */
export async function checkLink(db: DbOrTx, token: string, type: LinkType): Promise<CheckLinkResponse> {
  const link = await findLink(db, token, type);
  const usable =
    link &&
    !link.used_at &&
    new Date(link.expires_at).getTime() > Date.now() &&
    (type === 'INVITE' ? link.user_status === 'INVITED' : link.user_status === 'ACTIVE');
  if (!usable) throw linkError(link, type);
  return { email: link.email, merchantName: link.merchant_name, expiresAt: new Date(link.expires_at).toISOString() };
}

/**
 * Uses a link inside the caller's transaction: one conditional UPDATE, so of parallel uses exactly
 * one wins (the others re-check the row after the winner commits and find it used).
 */
export async function consumeLink(db: DbOrTx, token: string, type: LinkType): Promise<string> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      UPDATE user_links l SET used_at = now()
        FROM users u
       WHERE l.token_hash = ${hashToken(token)} AND l.type = ${type}
         AND l.used_at IS NULL AND l.expires_at > now()
         AND u.id = l.user_id AND u.status = ${type === 'INVITE' ? 'INVITED' : 'ACTIVE'}
      RETURNING l.user_id`),
  );
  if (rows[0]) return rows[0].user_id;
  throw linkError(await findLink(db, token, type), type);
}
