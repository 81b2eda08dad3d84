import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { typedRows } from '../../db/typed-rows';
import { authContextOf, MEMBER_ACCESS_COLUMNS, type AuthContext } from '../../plugins/session-store';

/** @reads merchants, roles, user_merchant_access, users (tables other modules own: db/table-owners.ts) */

/**
 * The members who may act for a merchant now, as the access a session of theirs would get there (the rule of
 * plugins/session-store.ts loadSession): active users of the merchant, and active users of its parent who may open
 * this sub-merchant (users.all_sub_merchants, user_merchant_access), each with their role's grants as they are
 * now. A disabled member, a member moved out of the merchant and a sub-merchant taken away are simply absent.
 * `userIds` narrows it to those users (a run's creator and recipients); without it, every member.
 */
export async function memberContexts(
  db: DbOrTx,
  merchantId: string,
  userIds?: readonly string[],
): Promise<Map<string, AuthContext>> {
  if (userIds && userIds.length === 0) return new Map();
  const only = userIds
    ? sql`AND u.id IN (${sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const rows = await typedRows(
    db,
    MEMBER_ACCESS_COLUMNS,
    sql`
      SELECT u.id AS user_id, u.email, u.name, u.role_code, r.name AS role_name, u.merchant_id AS home_merchant_id,
             m.id AS merchant_id, m.sign_product, r.menu_urls, r.permission_codes, u.force_reset, u.locale
        FROM users u
        JOIN roles r ON r.code = u.role_code
        JOIN merchants m ON m.id = ${merchantId}
       WHERE u.status = 'ACTIVE' ${only}
         AND (m.id = u.merchant_id
           OR (m.parent_id = u.merchant_id AND m.status = 'ACTIVE'
             AND (u.all_sub_merchants
               OR EXISTS (SELECT 1 FROM user_merchant_access a WHERE a.user_id = u.id AND a.merchant_id = m.id))))
       ORDER BY lower(COALESCE(NULLIF(u.name, ''), u.email)), u.id`,
  );
  return new Map(
    rows.map((row) => [
      row.user_id,
      // No session: a scheduled run acts for the member as a call of theirs would.
      authContextOf(row, '', false),
    ]),
  );
}

/** Names and emails of users by id, whatever their state (a skipped recipient is named to the creator). */
export async function peopleByIds(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, { userId: string; name: string; email: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await typedRows(
    db,
    { user_id: users.id, name: users.name, email: users.email },
    sql`SELECT u.id AS user_id, u.name, u.email FROM users u WHERE u.id IN (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.user_id, { userId: r.user_id, name: r.name, email: r.email }]));
}
