/** The members list of a merchant: its role filter offers the built-in roles, then the merchant's custom roles. */
import type { ListFilter } from '@mbo/contracts/lists/list-definition';
import { MEMBERS_LIST } from '@mbo/contracts/lists/members-list';
import { ROLE_CODE_MAX, ROLE_CODE_PATTERN } from '@mbo/contracts/team';
import type { ListUrlValues } from '@/components/list/list-request';

/** MEMBERS_LIST with more values for its role filter (the definition holds the built-in roles only). */
export type MembersList = Omit<typeof MEMBERS_LIST, 'filters'> & { filters: readonly ListFilter[] };

const FILTERS: readonly ListFilter[] = MEMBERS_LIST.filters;
const isRoleFilter = (f: ListFilter) => f.type === 'statusSet' && f.apiKey === 'roleCode';

/** MEMBERS_LIST whose role filter also offers, and sends, `customCodes` (after the built-in roles). */
export function membersListWith(customCodes: readonly string[]): MembersList {
  if (customCodes.length === 0) return MEMBERS_LIST;
  return {
    ...MEMBERS_LIST,
    filters: FILTERS.map((f) =>
      f.type === 'statusSet' && isRoleFilter(f)
        ? { ...f, statuses: [...f.statuses, ...customCodes.filter((c) => !f.statuses.includes(c))] }
        : f,
    ),
  };
}

/**
 * The role codes the URL's role filter holds, each in the form of a role code: a custom role's is sent as it is,
 * before the merchant's roles are read (the server answers with the members of the merchant's own roles only).
 */
export function urlRoleCodes(values: ListUrlValues): string[] {
  const f = FILTERS.find(isRoleFilter);
  const raw = f && f.type === 'statusSet' ? values[f.urlKey] : undefined;
  const codes = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return codes.filter((c) => c.length <= ROLE_CODE_MAX && ROLE_CODE_PATTERN.test(c));
}
