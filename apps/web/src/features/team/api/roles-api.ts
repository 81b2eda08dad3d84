import { TEAM_PATHS, type RoleMatrix } from '@mbo/contracts/team';
import { get } from '@/lib/http/request';

/** Query keys of the roles matrix (Settings → Team → Roles). */
export const roleKeys = {
  all: ['team-roles'] as const,
  matrix: () => [...roleKeys.all, 'matrix'] as const,
};

/** The built-in roles and the pages and actions each grants. Quiet: the tab shows its own error with a retry. */
export function getRoleMatrix(signal?: AbortSignal): Promise<RoleMatrix> {
  return get<RoleMatrix>(TEAM_PATHS.roles, undefined, { signal, showErrorMessage: false });
}

export function roleMatrixQueryOptions() {
  return {
    queryKey: roleKeys.matrix(),
    queryFn: ({ signal }: { signal: AbortSignal }) => getRoleMatrix(signal),
    // The roles are built in: they change with a release, not while the page is open.
    staleTime: 5 * 60_000,
  };
}
