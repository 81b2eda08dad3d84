import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { merchants, roles, sessions, users } from '../db/schema';
import { computed, typedRows, type RowOf } from '../db/typed-rows';
import { hashToken, newToken } from '../lib/tokens';

/** @reads merchants, roles, user_merchant_access, users (tables other modules own: db/table-owners.ts) */

/** Session rules of QUALITY.md. */
export const SESSION_IDLE_MS = 15 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, to spare a write per call. */
const TOUCH_EVERY_MS = 15 * 1000;
export const SESSION_COOKIE = 'mbo_sid';

export interface AuthContext {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  roleCode: string;
  roleName: string;
  homeMerchantId: string;
  /** The merchant every call is scoped to: the home merchant or one of its sub-merchants. */
  merchantId: string;
  merchantSignProduct: string;
  menuUrls: string[];
  permissionCodes: string[];
  forceReset: boolean;
  /** The home merchant requires two-factor sign-in and the user has not set it up. */
  twoFactorSetupRequired: boolean;
  /** The user's language (users.locale), null until chosen: server messages and mail follow it. */
  locale: string | null;
}

export function grants(list: string[], item: string): boolean {
  return list.includes('*') || list.includes(item);
}

/** Creates a session (a new id at every login) and returns the cookie value. */
export async function createSession(
  db: DbOrTx,
  input: { userId: string; merchantId: string; ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: input.userId,
    activeMerchantId: input.merchantId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 500),
  });
  return token;
}

/**
 * The columns of a member's access in a merchant (a session's, or a scheduled run's: modules/report-schedules), read
 * as `u` (users), `r` (roles) and `m` (the merchant acted for), and the access they give.
 */
export const MEMBER_ACCESS_COLUMNS = {
  user_id: users.id,
  email: users.email,
  name: users.name,
  role_code: users.roleCode,
  role_name: roles.name,
  home_merchant_id: users.merchantId,
  merchant_id: merchants.id,
  sign_product: merchants.signProduct,
  menu_urls: roles.menuUrls,
  permission_codes: roles.permissionCodes,
  force_reset: users.forceReset,
  locale: users.locale,
};

type MemberAccessRow = RowOf<typeof MEMBER_ACCESS_COLUMNS>;

export function authContextOf(row: MemberAccessRow, sessionId: string, twoFactorSetupRequired: boolean): AuthContext {
  return {
    sessionId,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    roleCode: row.role_code,
    roleName: row.role_name,
    homeMerchantId: row.home_merchant_id,
    merchantId: row.merchant_id,
    merchantSignProduct: row.sign_product,
    menuUrls: row.menu_urls,
    permissionCodes: row.permission_codes,
    forceReset: row.force_reset,
    twoFactorSetupRequired,
    locale: row.locale,
  };
}

/**
 * The session behind a cookie, with the user's role read afresh (a role change applies on the next
 * call), or null when it is unknown, ended, idle for 15 minutes, past 12 hours, or the user is not
 * active any more. The merchant it acts for is re-checked in the same query, with the rule of the
 * switch (modules/usercenter/merchants.ts): the home merchant, or an active sub-merchant of it
 * (merchants.parent_id) the member may open (users.all_sub_merchants, user_merchant_access). A
 * session pointed at a merchant that fails it (moved out of the tree, suspended, or taken away
 * from the member) acts for the home merchant again, from its next call.
 */
export async function loadSession(db: DbOrTx, token: string): Promise<AuthContext | null> {
  const id = hashToken(token);
  const rows = await typedRows(
    db,
    {
      ...MEMBER_ACCESS_COLUMNS,
      session_id: sessions.id,
      last_seen_at: sessions.lastSeenAt,
      two_factor_setup_required: computed(Boolean),
    },
    sql`
      SELECT s.id AS session_id, u.id AS user_id, u.email, u.name, u.role_code, r.name AS role_name,
             u.merchant_id AS home_merchant_id, m.id AS merchant_id, m.sign_product,
             r.menu_urls, r.permission_codes, u.force_reset, u.locale, s.last_seen_at,
             (h.require_two_factor AND u.totp_enabled_at IS NULL) AS two_factor_setup_required
        FROM sessions s
        JOIN users u ON u.id = s.user_id
        JOIN roles r ON r.code = u.role_code
        JOIN merchants h ON h.id = u.merchant_id
        JOIN merchants m ON m.id = CASE
          WHEN s.active_merchant_id = u.merchant_id
            OR EXISTS (
              SELECT 1 FROM merchants sub
               WHERE sub.id = s.active_merchant_id AND sub.parent_id = u.merchant_id AND sub.status = 'ACTIVE'
                 AND (u.all_sub_merchants
                   OR EXISTS (SELECT 1 FROM user_merchant_access a WHERE a.user_id = u.id AND a.merchant_id = sub.id)))
          THEN s.active_merchant_id ELSE u.merchant_id END
       WHERE s.id = ${id}
         AND s.ended_at IS NULL
         AND s.expires_at > now()
         AND s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})
         AND u.status = 'ACTIVE'`,
  );
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id = ${id}`);
  }
  return authContextOf(row, row.session_id, row.two_factor_setup_required);
}

export async function endSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.execute(sql`UPDATE sessions SET ended_at = now() WHERE id = ${sessionId} AND ended_at IS NULL`);
}

/** Ends every session of a user at once (logout everywhere, disable, password change). */
export async function endUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<void> {
  await db.execute(sql`
    UPDATE sessions SET ended_at = now()
     WHERE user_id = ${userId} AND ended_at IS NULL
       AND (${exceptSessionId ?? null}::text IS NULL OR id <> ${exceptSessionId ?? null})`);
}

export async function setActiveMerchant(db: DbOrTx, sessionId: string, merchantId: string): Promise<void> {
  await db.execute(sql`UPDATE sessions SET active_merchant_id = ${merchantId} WHERE id = ${sessionId}`);
}
