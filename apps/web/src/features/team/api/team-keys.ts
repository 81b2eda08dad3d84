import type { AuditLogListRequest, ListMembersRequest } from '@mbo/contracts/team';
import { sharedKeys } from '@/lib/query-keys';

/**
 * Query keys of the team page: the members (list pages and status tiles), the roles matrix, the
 * security card and the audit log (under its shared root: every change elsewhere is written to it).
 */
export const teamKeys = {
  members: () => ['team-members'] as const,
  memberLists: () => [...teamKeys.members(), 'list'] as const,
  memberList: (req: ListMembersRequest) => [...teamKeys.memberLists(), req] as const,
  memberCounts: (filters: Omit<ListMembersRequest, 'pageNum' | 'pageSize' | 'sort'>) =>
    [...teamKeys.memberLists(), 'status-counts', filters] as const,
  roles: () => ['team-roles'] as const,
  roleMatrix: () => [...teamKeys.roles(), 'matrix'] as const,
  security: () => ['team-security'] as const,
  auditLog: () => sharedKeys.auditLog,
  auditLogLists: () => [...teamKeys.auditLog(), 'list'] as const,
  auditLogList: (req: AuditLogListRequest) => [...teamKeys.auditLogLists(), req] as const,
};
