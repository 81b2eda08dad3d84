import { sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { MemberRecord, MemberStatus } from '@mbo/contracts/team';
import { roles, userLinks, users } from '../../db/schema';
import { computed, orNull, type RowOf } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/iso-timestamp';

/** @reads user_links, users (tables other modules own: db/table-owners.ts) */

/** A member row as the team calls read it (users u, roles r, the inviter i). */
export const MEMBER_COLUMNS = sql`
  u.id, u.name, u.email, u.role_code, r.name AS role_name, u.status, u.last_login_at, u.last_login_ip,
  i.email AS invited_by, u.created_at, u.totp_enabled_at IS NOT NULL AS two_factor, u.all_sub_merchants,
  (SELECT max(l.expires_at) FROM user_links l
    WHERE l.user_id = u.id AND l.type = 'INVITE' AND l.used_at IS NULL AND l.expires_at > now()) AS invite_expires_at,
  COALESCE((SELECT array_agg(a.merchant_id ORDER BY a.merchant_id) FROM user_merchant_access a WHERE a.user_id = u.id), '{}') AS sub_merchant_ids`;
export const MEMBER_FROM = sql`users u JOIN roles r ON r.code = u.role_code LEFT JOIN users i ON i.id = u.invited_by`;

/** PGlite and node-postgres both parse text[]; a literal '{a,b}' is read defensively. */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value;
  const inner = String(value).replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

/** MEMBER_COLUMNS' result, typed and decoded from the schema (typedRows). */
export const MEMBER_SHAPE = {
  id: users.id,
  name: users.name,
  email: users.email,
  role_code: users.roleCode,
  role_name: roles.name,
  status: users.status,
  last_login_at: users.lastLoginAt,
  last_login_ip: users.lastLoginIp,
  invited_by: orNull(users.email),
  created_at: users.createdAt,
  two_factor: computed(Boolean),
  all_sub_merchants: users.allSubMerchants,
  invite_expires_at: orNull(userLinks.expiresAt),
  sub_merchant_ids: computed(textArray),
};

export function toMemberRecord(row: RowOf<typeof MEMBER_SHAPE>, selfId: string): MemberRecord {
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    roleCode: row.role_code,
    roleName: row.role_name,
    status: row.status as MemberStatus,
    lastLoginAt: row.last_login_at ? iso(row.last_login_at) : null,
    lastLoginIp: row.last_login_ip,
    invitedBy: row.invited_by,
    createdAt: iso(row.created_at),
    inviteExpiresAt: row.status === 'INVITED' && row.invite_expires_at ? iso(row.invite_expires_at) : null,
    twoFactorEnabled: row.two_factor,
    allSubMerchants: row.all_sub_merchants,
    subMerchantIds: textArray(row.sub_merchant_ids),
    isSelf: row.id === selfId,
  };
}

/** Another merchant's member, or an id that is no member, is "not found": never data. */
export function memberNotFound(): AppError {
  return new AppError(ERROR_CODES.MEMBER_NOT_FOUND, {
    msg: 'This member does not exist or is not a member of this merchant.',
  });
}

/** The members of a merchant matching the list's filters (users aliased u). */
export function memberWhere(merchantId: string, own: (SQL | undefined)[]): SQL {
  return sql.join(
    [sql`u.merchant_id = ${merchantId}`, ...own].filter((c): c is SQL => c !== undefined),
    sql` AND `,
  );
}
