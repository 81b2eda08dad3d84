import { sql } from 'drizzle-orm';
import { PERMISSION_LABELS, type PermissionCode } from '@mbo/contracts/permissions';
import type { RoleMatrix, RoleMatrixPage } from '@mbo/contracts/team';
import type { MerchantProduct } from '@mbo/contracts/usercenter';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema';
import { computed, typedRows } from '../../db/typed-rows';
import { MENU_CATALOGUE, type MenuDefinition } from '../../plugins/menu-catalogue';
import { grants } from '../../plugins/session-store';

/** @reads users (tables other modules own: db/table-owners.ts) */

/**
 * Every page of the menu catalogue with its actions, once per URL (the report centre sits under two
 * sections: it is listed under the first, for both products).
 */
function catalogue(): RoleMatrixPage[] {
  const pages = new Map<string, RoleMatrixPage>();
  const walk = (defs: MenuDefinition[], section: MenuDefinition | null) => {
    for (const def of defs) {
      if (def.children) {
        walk(def.children, def);
        continue;
      }
      const products = def.products ?? section?.products ?? null;
      const seen = pages.get(def.url);
      if (seen) {
        seen.products =
          seen.products && products ? [...new Set<MerchantProduct>([...seen.products, ...products])] : null;
        continue;
      }
      pages.set(def.url, {
        menuUrl: def.url,
        name: def.name,
        section: section?.name ?? null,
        products,
        actions: (def.permissions ?? []).map((p) => ({
          code: p.code,
          label: PERMISSION_LABELS[p.code as PermissionCode] ?? p.code,
          kind: p.code.startsWith('PAGE_') ? 'page' : 'action',
        })),
      });
    }
  };
  walk(MENU_CATALOGUE, null);
  for (const page of pages.values()) {
    if (page.products && page.products.length >= 2) page.products = null;
  }
  return [...pages.values()];
}

/**
 * The roles × pages and actions matrix, read from the roles table the server enforces ('*'
 * expanded over the catalogue), with how many of the merchant's members hold each role.
 */
export async function roleMatrix(db: Db, merchantId: string): Promise<RoleMatrix> {
  const pages = catalogue();
  const codes = [...new Set(pages.flatMap((p) => p.actions.map((a) => a.code)))];
  const rows = await typedRows(
    db,
    {
      code: roles.code,
      name: roles.name,
      description: roles.description,
      menu_urls: roles.menuUrls,
      permission_codes: roles.permissionCodes,
      members: computed(Number),
    },
    sql`
      SELECT r.code, r.name, r.description, r.menu_urls, r.permission_codes,
             (SELECT count(*) FROM users u WHERE u.role_code = r.code AND u.merchant_id = ${merchantId} AND u.status <> 'DISABLED') AS members
        FROM roles r ORDER BY r.sort_order, r.code`,
  );
  return {
    pages,
    roles: rows.map((r) => ({
      code: r.code,
      name: r.name,
      description: r.description,
      menuUrls: pages.map((p) => p.menuUrl).filter((url) => grants(r.menu_urls, url)),
      permissionCodes: codes.filter((code) => grants(r.permission_codes, code)),
      memberCount: r.members,
    })),
  };
}
