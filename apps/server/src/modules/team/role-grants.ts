import { and, eq, isNull, or } from 'drizzle-orm';
import { PERMISSION_LABELS, type PermissionCode } from '@mbo/contracts/permissions';
import { ROLE_CODES, type RoleMatrixPage } from '@mbo/contracts/team';
import type { MerchantProduct } from '@mbo/contracts/usercenter';
import { label } from '@mbo/contracts/labels';
import type { DbOrTx } from '../../db/client';
import { addFormat, t, type Locale } from '../../lib/i18n/i18n';
import { roles, users } from '../../db/schema';
import { MENU_CATALOGUE, type MenuDefinition } from '../../plugins/menu-catalogue';
import { grants } from '../../plugins/session-store';

/** @reads users (tables other modules own: db/table-owners.ts) */

/** What a role grants, or what a user holds: menu URLs (pages) and permission codes; '*' grants all. */
export interface Grants {
  menuUrls: string[];
  permissionCodes: string[];
}

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
        menuId: def.id,
        name: def.name,
        section: section?.name ?? null,
        sectionMenuId: section?.id ?? null,
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

/** The roles matrix's rows: the pages in menu order, the codes in first-seen order, and the pages of each code. */
export const ROLE_CATALOGUE = (() => {
  const pages = catalogue();
  const codePages = new Map<string, string[]>();
  for (const page of pages)
    for (const action of page.actions)
      codePages.set(action.code, [...(codePages.get(action.code) ?? []), page.menuUrl]);
  return {
    pages,
    pageUrls: pages.map((p) => p.menuUrl),
    codes: [...codePages.keys()],
    codePages,
    pageName: new Map(pages.map((p) => [p.menuUrl, p.name])),
    pageMenuId: new Map(pages.map((p) => [p.menuUrl, p.menuId])),
  };
})();

/** A role's or a user's grants over the catalogue, '*' expanded, in the matrix's order. */
export function expandGrants(g: Grants): Grants {
  return {
    menuUrls: ROLE_CATALOGUE.pageUrls.filter((url) => grants(g.menuUrls, url)),
    permissionCodes: ROLE_CATALOGUE.codes.filter((code) => grants(g.permissionCodes, code)),
  };
}

/**
 * What `wanted` grants that `holder` lacks. A wildcard is held only by a wildcard (it also grants what a later
 * release adds to the catalogue): it comes back as '*'.
 */
export function lacking(holder: Grants, wanted: Grants): Grants {
  const missing = (held: string[], want: string[]) =>
    want.includes('*') ? (held.includes('*') ? [] : ['*']) : want.filter((item) => !grants(held, item));
  return {
    menuUrls: missing(holder.menuUrls, wanted.menuUrls),
    permissionCodes: missing(holder.permissionCodes, wanted.permissionCodes),
  };
}

export function isEmpty(g: Grants): boolean {
  return g.menuUrls.length === 0 && g.permissionCodes.length === 0;
}

/**
 * A page of the catalogue as the menu names it, in a language (`errors:team.grantWords.pages.<menu id>`, the
 * web's menu words); the catalogue's English name, else the URL, where it has none.
 */
export function pageText(url: string, lang: Locale = 'en'): string {
  const name = ROLE_CATALOGUE.pageName.get(url) ?? url;
  const menuId = ROLE_CATALOGUE.pageMenuId.get(url);
  return menuId ? t(`errors:team.grantWords.pages.${menuId}`, lang, { defaultValue: name }) : name;
}

/** Grants in words, for a refusal: "Payments (page), Refund payments", "支付（页面）、退款". */
export function grantsText(g: Grants, lang: Locale = 'en'): string {
  const w = (key: string, values?: Record<string, string>) => t(`errors:team.grantWords.${key}`, lang, values);
  const words = [
    ...g.menuUrls.map((url) => (url === '*' ? w('everyPage') : w('page', { name: pageText(url, lang) }))),
    ...g.permissionCodes.map((code) => (code === '*' ? w('everyAction') : label('PERMISSION_CODES', code, lang))),
  ];
  return [...new Set(words)].join(w('separator'));
}

// `{{missing, grants}}` in the team's messages (lib/i18n/locales/*/errors.json).
addFormat('grants', (value, lng) => grantsText(value as Grants, lng));

/** A role as a message names it: its code, and the name it has in the roles table. */
export type RoleWords = Pick<RoleRow, 'code' | 'name'>;

/** A role's name in a language: a built-in role's label ("管理员"), a custom role's as the merchant named it. */
export function roleText(role: RoleWords, lang: Locale = 'en'): string {
  return (ROLE_CODES as readonly string[]).includes(role.code) ? label('ROLE_CODES', role.code, lang) : role.name;
}

/** A role as a message's value, `{{role, role}}`: worded in the message's language. */
export const roleValue = (role: RoleWords): RoleWords => ({ code: role.code, name: role.name });

addFormat('role', (value, lng) => roleText(value as RoleWords, lng));

export interface ActorNow extends Grants {
  roleCode: string;
  status: string;
}

/** The caller's role and grants as they are now (their role may have changed since the call's session was read). */
export async function actorNow(tx: DbOrTx, userId: string): Promise<ActorNow | undefined> {
  const [row] = await tx
    .select({
      roleCode: users.roleCode,
      status: users.status,
      menuUrls: roles.menuUrls,
      permissionCodes: roles.permissionCodes,
    })
    .from(users)
    .innerJoin(roles, eq(roles.code, users.roleCode))
    .where(eq(users.id, userId));
  return row;
}

export type RoleRow = typeof roles.$inferSelect;

/**
 * A role the merchant may use: a built-in role or one of its own custom roles (another merchant's is none).
 * `share` keeps it from being changed or deleted until the caller's transaction ends (an assignment);
 * `update` locks it for a change or a delete.
 */
export async function findRole(
  tx: DbOrTx,
  merchantId: string,
  code: string,
  lock?: 'share' | 'update',
): Promise<RoleRow | undefined> {
  const query = tx
    .select()
    .from(roles)
    .where(and(eq(roles.code, code), or(isNull(roles.merchantId), eq(roles.merchantId, merchantId))));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}
