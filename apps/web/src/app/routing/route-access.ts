/** Which routes the user may open (spec sections 2 and 3: authUrls) and what the menu highlights. */
import type { MenuItem } from '@mbo/contracts/usercenter';
import type { ContainerDef } from './route-table';
import { childPath } from './route-table';

/** Pages inside the layout that every signed-in user may open, whatever the menu says. */
export const ALWAYS_ALLOWED = ['/home'] as const;

/** '/a/b/?x=1#y' → '/a/b'. */
export function normalizePath(path: string): string {
  let p = path.split(/[?#]/)[0].trim();
  if (!p.startsWith('/')) p = `/${p}`;
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/** True when the user may open `path`: it is in authUrls (or always allowed). */
export function isPathAllowed(path: string, authUrls: readonly string[]): boolean {
  const target = normalizePath(path);
  if ((ALWAYS_ALLOWED as readonly string[]).includes(target)) return true;
  return authUrls.some((url) => normalizePath(url) === target);
}

/**
 * Where a container path (/transactions) sends the user: the first of its children in the server's
 * menu order that the user may open, else the first in the route table's order (detail pages
 * excluded). Null when there is none (the user gets the 403 page).
 */
export function containerTarget(
  container: ContainerDef,
  authUrls: readonly string[],
  menus: readonly MenuItem[],
): string | null {
  const known = container.children.filter((p) => !p.detail).map((p) => childPath(container, p));
  const isKnown = (url: string) => known.includes(normalizePath(url));
  const inContainer = (url: string) => normalizePath(url).startsWith(`${container.path}/`);
  const fromMenu: string[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.menuUrl && inContainer(item.menuUrl) && isKnown(item.menuUrl))
        fromMenu.push(normalizePath(item.menuUrl));
      if (item.childMenus?.length) walk(item.childMenus);
    }
  };
  walk(menus);
  const candidates = [...fromMenu, ...known];
  return candidates.find((url) => isPathAllowed(url, authUrls)) ?? null;
}

/**
 * The menu key to highlight for `pathname`: the route's `activeMenu` when the page is not itself a
 * menu entry, else the longest menu URL that is the path or one of its parents.
 */
export function activeMenuKey(pathname: string, menuUrls: readonly string[], activeMenu?: string): string | undefined {
  const path = normalizePath(pathname);
  const urls = menuUrls.map(normalizePath);
  if (urls.includes(path)) return path;
  if (activeMenu && urls.includes(normalizePath(activeMenu))) return normalizePath(activeMenu);
  let best: string | undefined;
  for (const url of urls) {
    if (url !== '/' && path.startsWith(`${url}/`) && (!best || url.length > best.length)) best = url;
  }
  return best;
}

/** Every menu URL (at every depth). */
export function menuUrls(menus: readonly MenuItem[]): string[] {
  const out: string[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.menuUrl) out.push(item.menuUrl);
      if (item.childMenus?.length) walk(item.childMenus);
    }
  };
  walk(menus);
  return out;
}

/** The keys of the submenus that contain `key` (to open them). */
export function parentMenuKeys(menus: readonly MenuItem[], key: string | undefined): string[] {
  if (!key) return [];
  const trail: string[] = [];
  const find = (items: readonly MenuItem[], parents: string[]): boolean => {
    for (const item of items) {
      if (normalizePath(item.menuUrl) === key) {
        trail.push(...parents);
        return true;
      }
      if (item.childMenus?.length && find(item.childMenus, [...parents, item.menuUrl || item.menuId])) return true;
    }
    return false;
  };
  find(menus, []);
  return trail;
}
