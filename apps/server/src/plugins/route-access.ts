import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { USERCENTER_PATHS, type MenuItem } from '@mbo/contracts/usercenter';
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
export function allows(
  auth: Pick<AuthContext, 'merchantSignProduct' | 'menuUrls' | 'permissionCodes'>,
  access: Exclude<RouteAccess, 'public' | 'api-key'>,
): boolean {
  if (access === 'signed-in') return true;
  if ('products' in access) return (access.products as readonly string[]).includes(auth.merchantSignProduct);
  const visible = visibleTo(auth);
  return 'menu' in access ? visible.menus.has(access.menu) : visible.codes.has(access.permission);
}

/** Whether a permission code is granted to the user for the active merchant (is-permission-allowed). */
export function permissionAllowed(auth: AuthContext, code: string): boolean {
  return visibleTo(auth).codes.has(code);
}

/**
 * The only state-changing routes a role's grants do not decide: each changes the caller's own
 * session or account (never the merchant's data or money), so every signed-in user may call it.
 * Keep this list short; anything else that writes names the action's permission code.
 */
export const OWN_ACCOUNT_WRITES: ReadonlySet<string> = new Set([
  // Ends the caller's own session.
  `POST ${USERCENTER_PATHS.logout}`,
  // The caller's own password: the forced reset after an admin reset, and a change from the profile.
  `POST ${USERCENTER_PATHS.forceResetPassword}`,
  `POST ${USERCENTER_PATHS.changePassword}`,
  // The caller's own two-factor sign-in.
  `POST ${USERCENTER_PATHS.twoFactorSetup}`,
  `POST ${USERCENTER_PATHS.twoFactorEnable}`,
  `POST ${USERCENTER_PATHS.twoFactorDisable}`,
  // The caller's own theme choice (the user menu's Theme).
  `POST ${USERCENTER_PATHS.saveTheme}`,
  `POST ${USERCENTER_PATHS.saveLocale}`,
  // Which merchant of the caller's own tree the session acts for (checked against the tree, session-store.ts).
  `POST ${USERCENTER_PATHS.switchMerchant}`,
  // The caller's own saved list filters (each call checks the list's menu, saved-views.ts).
  `POST ${SAVED_VIEW_PATHS.create}`,
  `POST ${SAVED_VIEW_PATHS.update}`,
  `POST ${SAVED_VIEW_PATHS.delete}`,
]);

/**
 * Whether a call of this method may change state: every method but GET and HEAD, unless the route
 * declares `reads: true` (a list or a query whose filters travel in a POST body, as the spec's lists do).
 */
export function changesState(method: string, reads: boolean): boolean {
  return method !== 'GET' && method !== 'HEAD' && !reads;
}

/**
 * A state-changing route must name the action's code ({ permission: 'API_…' }): a page or a menu
 * (what a read-only role such as the Viewer holds), a product type or 'signed-in' alone never opens
 * a write, except the caller's own account (OWN_ACCOUNT_WRITES). 'public' and 'api-key' routes
 * involve no role (sign-in and reset links, the hosted checkout; the merchant API's key).
 */
function checkWriteAccess(method: string, url: string, access: RouteAccess): void {
  if (access === 'public' || access === 'api-key') return;
  if (typeof access === 'object' && 'permission' in access && access.permission.startsWith('API_')) return;
  if (OWN_ACCOUNT_WRITES.has(`${method} ${url}`)) return;
  throw new Error(
    `Route ${method} ${url} changes state but its access is ${JSON.stringify(access)}, which a page or menu grant opens: ` +
      `declare the action's permission code ({ permission: 'API_…' }), or config.reads: true if it only reads.`,
  );
}

/**
 * Refuses, at start-up, a route that declares no access, names a menu or code the catalogue lacks,
 * or changes state without an action's permission code (checkWriteAccess).
 */
export function checkDeclaredAccess(
  methods: string[],
  url: string,
  access: RouteAccess | undefined,
  reads = false,
): asserts access is RouteAccess {
  const where = `${methods.join(',')} ${url}`;
  if (access === undefined) {
    throw new Error(
      `Route ${where} declares no access: set config.access to 'public', 'api-key', 'signed-in', { menu }, { permission } or { products }.`,
    );
  }
  if (access !== 'public' && access !== 'api-key' && access !== 'signed-in') {
    if ('products' in access && !access.products.length)
      throw new Error(`Route ${where} names no product type: use 'signed-in' for every merchant.`);
    if ('menu' in access && !CATALOGUE.menus.has(access.menu))
      throw new Error(`Route ${where} needs menu ${access.menu}, which the menu catalogue lacks.`);
    if ('permission' in access && !CATALOGUE.codes.has(access.permission))
      throw new Error(`Route ${where} needs permission ${access.permission}, which the menu catalogue lacks.`);
  }
  for (const method of methods) if (changesState(method, reads)) checkWriteAccess(method, url, access);
}
