import {
  TEAM_PATHS,
  type CreateRoleRequest,
  type EditRoleRequest,
  type RoleMatrix,
  type RoleMatrixRole,
} from '@mbo/contracts/team';
import { get, post } from '@/lib/http/request';
import { teamKeys } from './team-keys';

/**
 * The built-in roles and the merchant's custom roles, the pages and actions each grants, and what the signed-in
 * user holds. Quiet: the tab shows its own error with a retry.
 */
export function getRoleMatrix(signal?: AbortSignal): Promise<RoleMatrix> {
  return get<RoleMatrix>(TEAM_PATHS.roles, undefined, { signal, showErrorMessage: false });
}

export function roleMatrixQueryOptions() {
  return {
    queryKey: teamKeys.roleMatrix(),
    queryFn: ({ signal }: { signal: AbortSignal }) => getRoleMatrix(signal),
    // Custom roles change from this page (each change reads the matrix again: useRefreshTeam); another admin's
    // change shows within a minute.
    staleTime: 60_000,
  };
}

/*
 * Custom roles (API_ROLE_MANAGE). No error toast: a refusal (a name taken, a code the user lacks, a role still in
 * use) stays in the drawer or dialog that made the call.
 */

/** A custom role from a built-in one, with the pages and codes ticked. */
export function createRole(body: CreateRoleRequest): Promise<RoleMatrixRole> {
  return post<RoleMatrixRole>(TEAM_PATHS.createRole, body, { showSuccessMessage: true, showErrorMessage: false });
}

/** A custom role's new name and its whole set of pages and codes; its members have it at their next call. */
export function editRole(body: EditRoleRequest): Promise<RoleMatrixRole> {
  return post<RoleMatrixRole>(TEAM_PATHS.editRole, body, { showSuccessMessage: true, showErrorMessage: false });
}

/** Deletes a custom role no member holds. */
export function deleteRole(roleCode: string): Promise<null> {
  return post<null>(TEAM_PATHS.deleteRole, { roleCode }, { showSuccessMessage: true, showErrorMessage: false });
}
