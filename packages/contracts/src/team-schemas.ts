import { z } from 'zod';
import { isoDateTime } from './common-schemas';
import { AUDIT_OUTCOMES, AUDIT_SORTS, MEMBER_SORTS, MEMBER_STATUSES } from './team';

/** Request schemas of the team calls (types and paths: team.ts). */
export const userId = z.string().trim().uuid('must be a member id');
const roleCode = z.string().trim().min(1, 'is required').max(32).regex(/^[A-Z_]+$/, 'must be a role code');
const merchantId = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be a merchant id');

export const listMembersRequest = z.object({
  /** The start of a name or an email (any case). */
  keyword: z.string().trim().max(200).optional(),
  status: z.array(z.enum(MEMBER_STATUSES)).max(MEMBER_STATUSES.length).optional(),
  roleCode: z.array(roleCode).max(20).optional(),
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(MEMBER_SORTS).default('createdAt:asc'),
});

export const memberIdRequest = z.object({ userId });
export const updateMemberRoleRequest = z.object({ userId, roleCode });
export const updateMemberStatusRequest = z.object({ userId, status: z.enum(['ACTIVE', 'DISABLED']) });
export const updateMemberAccessRequest = z.object({
  userId,
  allSubMerchants: z.boolean(),
  /** The sub-merchants the member may switch to when not all; ignored when all. */
  merchantIds: z.array(merchantId).max(500).default([]),
});

export const updateMerchantSecurityRequest = z.object({ requireTwoFactor: z.boolean() });

/** Filters of the audit log (and its export). */
export const auditLogFiltersSchema = z.object({
  actorUserId: z.array(userId).max(50).optional(),
  action: z.array(z.string().trim().regex(/^[A-Z_]{2,64}$/, 'must be an action')).max(100).optional(),
  outcome: z.array(z.enum(AUDIT_OUTCOMES)).max(AUDIT_OUTCOMES.length).optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  /** An actor email (start, any case) or a record id (exact). */
  keyword: z.string().trim().max(200).optional(),
});

export const auditLogListRequest = auditLogFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(AUDIT_SORTS).default('at:desc'),
});
