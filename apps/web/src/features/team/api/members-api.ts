import type { Page } from '@mbo/contracts/envelope';
import {
  MEMBER_STATUSES,
  TEAM_PATHS,
  type ListMembersRequest,
  type MemberRecord,
  type MemberStatus,
  type UpdateMemberAccessRequest,
} from '@mbo/contracts/team';
import { USERCENTER_PATHS, type InviteMemberRequest, type InviteMemberResponse } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';
import { teamKeys } from './team-keys';

/** The filters of the members list (a list request without its paging and sort). */
export type MemberFilters = Omit<ListMembersRequest, 'pageNum' | 'pageSize' | 'sort'>;

/** One page of the active merchant's members. `quiet`: no error toast (a prefetch, the tiles' counts). */
export function listMembers(req: ListMembersRequest, signal?: AbortSignal, quiet = false): Promise<Page<MemberRecord>> {
  return post<Page<MemberRecord>>(TEAM_PATHS.members, req, { signal, showErrorMessage: !quiet });
}

export function listMembersQueryOptions(req: ListMembersRequest, { quiet = false } = {}) {
  return {
    queryKey: teamKeys.memberList(req),
    queryFn: ({ signal }: { signal: AbortSignal }) => listMembers(req, signal, quiet),
    staleTime: 10_000,
  };
}

/**
 * Counts per status for the tiles (the list's filters but the status) and ALL: the total of a
 * one-row page per status, as the contract has no count call of its own. Quiet: the tiles show dashes
 * on failure.
 */
export async function countMemberStatuses(
  filters: MemberFilters,
  signal?: AbortSignal,
): Promise<Record<MemberStatus | 'ALL', number>> {
  const totals = await Promise.all(
    MEMBER_STATUSES.map((status) =>
      listMembers({ ...filters, status: [status], pageNum: 1, pageSize: 1 }, signal, true).then((p) => p.total),
    ),
  );
  const counts = Object.fromEntries(MEMBER_STATUSES.map((s, i) => [s, totals[i]])) as Record<MemberStatus, number>;
  return { ...counts, ALL: totals.reduce((sum, n) => sum + n, 0) };
}

export function memberStatusCountsQueryOptions(filters: MemberFilters) {
  return {
    queryKey: teamKeys.memberCounts(filters),
    queryFn: ({ signal }: { signal: AbortSignal }) => countMemberStatuses(filters, signal),
    staleTime: 10_000,
  };
}

/*
 * The changes (API_MEMBER_ADD for the invitation, API_MEMBER_UPDATE for the rest). A refusal (the
 * last active Owner, one's own row, an email that already has a user) is shown by the client as the
 * server's words; the dialog that made the call stays open.
 */

/** Invites a member: an INVITED user and a 7-day register_password link by email. The page says so itself. */
export function inviteMember(body: InviteMemberRequest): Promise<InviteMemberResponse> {
  return post<InviteMemberResponse>(USERCENTER_PATHS.inviteMember, body);
}

/** A new invitation link; the earlier one stops working at once. */
export function resendInvite(userId: string): Promise<InviteMemberResponse> {
  return post<InviteMemberResponse>(
    TEAM_PATHS.resendInvite,
    { userId },
    { showSuccessMessage: true, showErrorMessage: false },
  );
}

/** Withdraws an open invitation: its link stops working and the member leaves the list. */
export function revokeInvite(userId: string): Promise<null> {
  return post<null>(TEAM_PATHS.revokeInvite, { userId }, { showSuccessMessage: true, showErrorMessage: false });
}

/** A new role; it applies at the member's next call. */
export function updateMemberRole(userId: string, roleCode: string): Promise<MemberRecord> {
  return post<MemberRecord>(TEAM_PATHS.updateRole, { userId, roleCode }, { showSuccessMessage: true });
}

/** Disables a member (every session of theirs ends at once) or lets them sign in again. */
export function updateMemberStatus(userId: string, status: 'ACTIVE' | 'DISABLED'): Promise<MemberRecord> {
  return post<MemberRecord>(
    TEAM_PATHS.updateStatus,
    { userId, status },
    { showSuccessMessage: true, showErrorMessage: false },
  );
}

/** Which sub-merchants a member may switch to: all, or the chosen ones (an owner decides). */
export function updateMemberAccess(body: UpdateMemberAccessRequest): Promise<MemberRecord> {
  return post<MemberRecord>(TEAM_PATHS.updateAccess, body, { showSuccessMessage: true });
}
