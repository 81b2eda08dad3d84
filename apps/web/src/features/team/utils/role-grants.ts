import type { TFunction } from 'i18next';
import { ROLE_CODES, type RoleMatrix, type RoleMatrixPage, type RoleMatrixRole } from '@mbo/contracts/team';

/** What a custom role grants, as the form holds it: pages (menu URLs) and permission codes. */
export interface RoleGrants {
  menuUrls: string[];
  permissionCodes: string[];
}

/** Why a box of the role form cannot be ticked (its key under team:form), or null when it can. */
export const NOT_HELD = 'notHeld';
export const PAGE_FIRST = 'pageFirst';
export type BlockReason = typeof NOT_HELD | typeof PAGE_FIRST;

/** A role of the matrix that the user may base a new role on: a built-in one, Owner aside. */
export function baseRoles(matrix: RoleMatrix): RoleMatrixRole[] {
  return matrix.roles.filter((r) => r.baseCode === null && r.code !== 'OWNER');
}

/**
 * A new role's boxes, from its base: what the base grants and the user holds (nobody grants more than they have),
 * and how many of the base's pages and actions were left out for that reason.
 */
export function grantsFromBase(
  base: RoleMatrixRole,
  caller: RoleGrants,
  pagesOf: ReadonlyMap<string, string[]>,
): { grants: RoleGrants; leftOut: number } {
  const menuUrls = base.menuUrls.filter((u) => caller.menuUrls.includes(u));
  const permissionCodes = base.permissionCodes.filter(
    (c) => caller.permissionCodes.includes(c) && (pagesOf.get(c) ?? []).some((u) => menuUrls.includes(u)),
  );
  const leftOut = base.menuUrls.length - menuUrls.length + (base.permissionCodes.length - permissionCodes.length);
  return { grants: { menuUrls, permissionCodes }, leftOut };
}

/** The pages each code sits under (a code can sit under two: approvals under Withdraw and Payout history). */
export function codePages(pages: readonly RoleMatrixPage[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const page of pages)
    for (const action of page.actions) map.set(action.code, [...(map.get(action.code) ?? []), page.menuUrl]);
  return map;
}

/**
 * The boxes after a page is ticked or unticked: unticked, its actions go too, unless another ticked page has them.
 */
export function togglePage(
  grants: RoleGrants,
  menuUrl: string,
  on: boolean,
  pagesOf: ReadonlyMap<string, string[]>,
): RoleGrants {
  const menuUrls = on ? [...new Set([...grants.menuUrls, menuUrl])] : grants.menuUrls.filter((u) => u !== menuUrl);
  const ticked = new Set(menuUrls);
  const permissionCodes = grants.permissionCodes.filter((c) => (pagesOf.get(c) ?? []).some((u) => ticked.has(u)));
  return { menuUrls, permissionCodes };
}

export function toggleCode(grants: RoleGrants, code: string, on: boolean): RoleGrants {
  return {
    menuUrls: grants.menuUrls,
    permissionCodes: on
      ? [...new Set([...grants.permissionCodes, code])]
      : grants.permissionCodes.filter((c) => c !== code),
  };
}

/**
 * Why a page's box is disabled: the user lacks it and it is not ticked yet (a box the role already has stays
 * free to untick; the server refuses only what a change adds).
 */
export function pageBlock(grants: RoleGrants, caller: RoleGrants, menuUrl: string): BlockReason | null {
  if (grants.menuUrls.includes(menuUrl)) return null;
  return caller.menuUrls.includes(menuUrl) ? null : NOT_HELD;
}

/** Why an action's box is disabled: none of its pages is ticked, or the user lacks it. */
export function codeBlock(
  grants: RoleGrants,
  caller: RoleGrants,
  code: string,
  pagesOf: ReadonlyMap<string, string[]>,
): BlockReason | null {
  if (!(pagesOf.get(code) ?? []).some((u) => grants.menuUrls.includes(u))) return PAGE_FIRST;
  if (grants.permissionCodes.includes(code)) return null;
  return caller.permissionCodes.includes(code) ? null : NOT_HELD;
}

export interface RoleOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * The roles the signed-in user may pick for a member (invite, change role): the built-in roles then the custom
 * ones, from the matrix; Owner only for an owner; a role granting more than the user holds is shown disabled.
 * Without the matrix (still loading, or failed), the built-in roles. Built-in roles read in the language in force.
 */
export function roleOptions(
  t: TFunction,
  roleName: (code: string, name: string) => string,
  matrix: RoleMatrix | undefined,
  isOwner: boolean,
): RoleOption[] {
  if (!matrix)
    return ROLE_CODES.filter((code) => isOwner || code !== 'OWNER').map((code) => ({
      value: code,
      label: roleName(code, code),
    }));
  return matrix.roles
    .filter((r) => isOwner || r.code !== 'OWNER')
    .map((r) => {
      const name = r.baseCode === null ? roleName(r.code, r.name) : r.name;
      return { r, name };
    })
    .map(({ r, name }) => ({
      value: r.code,
      label: r.assignable ? name : t('form.grantsMore', { ns: 'team', name }),
      ...(r.assignable ? {} : { disabled: true }),
    }));
}
