import { sql } from 'drizzle-orm';
import type { RoleMatrix, RoleMatrixRole } from '@mbo/contracts/team';
import type { DbOrTx } from '../../db/client';
import { roles } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import type { AuthContext } from '../../plugins/session-store';
import { expandGrants, isEmpty, lacking, ROLE_CATALOGUE, type Grants } from './role-grants';

/** @reads users (tables other modules own: db/table-owners.ts) */

/** Who asks: their role and what it grants (the session's, read afresh at each call). */
export type Caller = Pick<AuthContext, 'roleCode' | 'menuUrls' | 'permissionCodes'>;

/** Whether the caller may give a role to a member: it grants nothing they lack, and Owner only by an owner. */
export function mayGive(caller: Caller, role: { code: string } & Grants): boolean {
  if (role.code === 'OWNER' && caller.roleCode !== 'OWNER') return false;
  return isEmpty(lacking(caller, role));
}

/** A role as the matrix shows it: '*' expanded over the catalogue, the data the server enforces. */
export function matrixRole(
  row: Pick<typeof roles.$inferSelect, 'code' | 'name' | 'description' | 'baseCode' | 'menuUrls' | 'permissionCodes'>,
  memberCount: number,
  caller: Caller,
): RoleMatrixRole {
  const grants = { menuUrls: row.menuUrls, permissionCodes: row.permissionCodes };
  return {
    code: row.code,
    name: row.name,
    description: row.description,
    baseCode: row.baseCode,
    assignable: mayGive(caller, { code: row.code, ...grants }),
    ...expandGrants(grants),
    memberCount,
  };
}

/**
 * The roles × pages and actions matrix, read from the roles table the server enforces: the built-in
 * roles, then the merchant's custom roles by name, with how many of the merchant's members hold each
 * role, and what the caller holds (a role they make or give may grant nothing else).
 */
export async function roleMatrix(db: DbOrTx, auth: AuthContext): Promise<RoleMatrix> {
  const merchantId = auth.merchantId;
  const rows = await typedRows(
    db,
    {
      code: roles.code,
      name: roles.name,
      description: roles.description,
      base_code: roles.baseCode,
      menu_urls: roles.menuUrls,
      permission_codes: roles.permissionCodes,
      members: computed(Number),
    },
    sql`
      SELECT r.code, r.name, r.description, r.base_code, r.menu_urls, r.permission_codes,
             (SELECT count(*) FROM users u WHERE u.role_code = r.code AND u.merchant_id = ${merchantId} AND u.status <> 'DISABLED') AS members
        FROM roles r
       WHERE r.merchant_id IS NULL OR r.merchant_id = ${merchantId}
       ORDER BY r.merchant_id NULLS FIRST, r.sort_order, lower(r.name), r.code`,
  );
  return {
    pages: ROLE_CATALOGUE.pages,
    roles: rows.map((r) =>
      matrixRole(
        {
          code: r.code,
          name: r.name,
          description: r.description,
          baseCode: r.base_code,
          menuUrls: r.menu_urls,
          permissionCodes: r.permission_codes,
        },
        r.members,
        auth,
      ),
    ),
    caller: { roleCode: auth.roleCode, ...expandGrants(auth) },
  };
}
