import type { MenuItem } from '@mbo/contracts/usercenter';
import { MENU_CATALOGUE, menuFor, type MenuDefinition } from './menu-catalogue';
import type { AuthContext } from './session-store';
import type { RouteAccess } from './types';

interface Visible {
  menus: Set<string>;
  codes: Set<string>;
}

/** Every menu URL and permission code of the catalogue, to refuse a route that names one that does not exist. */
const CATALOGUE = (() => {
  const all: Visible = { menus: new Set(), codes: new Set() };
  const walk = (defs: MenuDefinition[]) => {
    for (const def of defs) {
      all.menus.add(def.url);
      for (const p of def.permissions ?? []) all.codes.add(p.code);
      walk(def.children ?? []);
    }
  };
  walk(MENU_CATALOGUE);
  return all;
})();

/** The role's menu for the product, flattened; a handful of distinct grants, so the answers are kept. */
const visibleCache = new Map<string, Visible>();
function visibleTo(auth: Pick<AuthContext, 'merchantSignProduct' | 'menuUrls' | 'permissionCodes'>): Visible {
  const key = `${auth.merchantSignProduct}|${auth.menuUrls.join(',')}|${auth.permissionCodes.join(',')}`;
  let visible = visibleCache.get(key);
  if (!visible) {
    visible = { menus: new Set(), codes: new Set() };
    const walk = (items: MenuItem[]) => {
      for (const item of items) {
        visible!.menus.add(item.menuUrl);
        for (const p of item.permissions) visible!.codes.add(p.permissionCode);
        walk(item.childMenus);
      }
    };
    walk(menuFor(auth.merchantSignProduct, auth.menuUrls, auth.permissionCodes));
    if (visibleCache.size > 1000) visibleCache.clear();
    visibleCache.set(key, visible);
  }
  return visible;
}

/**
 * Whether the signed-in user may call a route. The answer is read from the same menu the client
 * gets (menuFor), so the server can never allow what the menu hides, nor hide what it shows:
 * a page or action of a product the active merchant does not have is refused like a missing grant.
 */
export function allows(auth: AuthContext, access: Exclude<RouteAccess, 'public' | 'api-key'>): boolean {
  if (access === 'signed-in') return true;
  if ('products' in access) return (access.products as readonly string[]).includes(auth.merchantSignProduct);
  const visible = visibleTo(auth);
  return 'menu' in access ? visible.menus.has(access.menu) : visible.codes.has(access.permission);
}

/** Whether a permission code is granted to the user for the active merchant (is-permission-allowed). */
export function permissionAllowed(auth: AuthContext, code: string): boolean {
  return visibleTo(auth).codes.has(code);
}

/** Refuses, at start-up, a route that declares no access or names a menu or code the catalogue lacks. */
export function checkDeclaredAccess(method: string, url: string, access: RouteAccess | undefined): asserts access is RouteAccess {
  const where = `${method} ${url}`;
  if (access === undefined) {
    throw new Error(`Route ${where} declares no access: set config.access to 'public', 'api-key', 'signed-in', { menu }, { permission } or { products }.`);
  }
  if (access === 'public' || access === 'api-key' || access === 'signed-in') return;
  if ('products' in access && !access.products.length) throw new Error(`Route ${where} names no product type: use 'signed-in' for every merchant.`);
  if ('menu' in access && !CATALOGUE.menus.has(access.menu)) throw new Error(`Route ${where} needs menu ${access.menu}, which the menu catalogue lacks.`);
  if ('permission' in access && !CATALOGUE.codes.has(access.permission)) throw new Error(`Route ${where} needs permission ${access.permission}, which the menu catalogue lacks.`);
}
