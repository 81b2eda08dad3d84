import { TEAM_PATHS, type RoleMatrix } from '@mbo/contracts/team';
import { get } from '@/lib/http/request';
import { teamKeys } from './team-keys';

/** The built-in roles and the pages and actions each grants. Quiet: the tab shows its own error with a retry. */
export function getRoleMatrix(signal?: AbortSignal): Promise<RoleMatrix> {
  return get<RoleMatrix>(TEAM_PATHS.roles, undefined, { signal, showErrorMessage: false });
}

export function roleMatrixQueryOptions() {
  return {
    queryKey: teamKeys.roleMatrix(),
    queryFn: ({ signal }: { signal: AbortSignal }) => getRoleMatrix(signal),
    // The roles are built in: they change with a release, not while the page is open.
    staleTime: 5 * 60_000,
  };
}
