import { z } from 'zod';
import { isoDateTime } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import { PERMISSION_CODES } from './permissions';
import {
  AUDIT_OUTCOMES,
  AUDIT_SORTS,
  MEMBER_SORTS,
  MEMBER_STATUSES,
  ROLE_ACTION_KINDS,
  ROLE_CODE_MAX,
  ROLE_CODE_PATTERN,
  ROLE_NAME_MAX,
} from './team';
import { MERCHANT_PRODUCTS } from './usercenter';

/** Request schemas of the team calls (types and paths: team.ts). */
export const userId = z.string().trim().uuid('must be a member id');
/** A built-in role's code (OWNER, …) or a custom role's (CUSTOM_…, made by the server). */
export const roleCode = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(ROLE_CODE_MAX)
  .regex(ROLE_CODE_PATTERN, 'must be a role code');
const merchantId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a merchant id');

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

/** One line of plain text: no control, format or unassigned characters. */
const roleName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(ROLE_NAME_MAX, `must be at most ${ROLE_NAME_MAX} characters`)
  .regex(/^[^\p{C}]*$/u, 'must be plain text on one line');
/** A page of the menu catalogue (the server checks it is one). */
const menuUrl = z
  .string()
  .trim()
  .max(100)
  .regex(/^\/[a-z0-9_/-]+$/, 'must be a page of the menu');
/** The pages and codes a custom role grants (never '*': every one is named). */
const roleGrants = {
  menuUrls: z.array(menuUrl).max(100),
  permissionCodes: z.array(z.enum(PERMISSION_CODES)).max(100),
};
/** A custom role from a built-in one (`baseCode`), with the pages and codes ticked in the matrix. */
export const createRoleRequest = z.object({ baseCode: roleCode, name: roleName, ...roleGrants });
/** A custom role's new name and grants (the whole set: what is not sent is taken away). */
export const editRoleRequest = z.object({ roleCode, name: roleName, ...roleGrants });
export const roleCodeRequest = z.object({ roleCode });

export const updateMerchantSecurityRequest = z.object({ requireTwoFactor: z.boolean() });

/** Filters of the audit log (and its export). */
export const auditLogFiltersSchema = z.object({
  actorUserId: z.array(userId).max(50).optional(),
  action: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Z_]{2,64}$/, 'must be an action'),
    )
    .max(100)
    .optional(),
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

export const memberRecordSchema = z.object({
  userId: z.string(),
  /** Empty until the invitation is accepted. */
  name: z.string(),
  email: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  status: z.enum(MEMBER_STATUSES),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  /** Who invited the member (email), when known. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  /** An INVITED member's open invitation: when its link stops working (null once it has). */
  inviteExpiresAt: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** True: every sub-merchant of the merchant; false: only `subMerchantIds`. */
  allSubMerchants: z.boolean(),
  subMerchantIds: z.array(z.string()),
  /** The signed-in user's own row: no role change, no disable. */
  isSelf: z.boolean(),
});

export const memberPageSchema = pageSchema(memberRecordSchema);

/** Settings → Team header: the merchant's rule and how many members have two-factor sign-in. */
export const merchantSecuritySchema = z.object({
  requireTwoFactor: z.boolean(),
  /** Whether the signed-in user may change the rule (an owner). */
  canUpdate: z.boolean(),
  activeMembers: z.number(),
  membersWithTwoFactor: z.number(),
});

/** One page of the catalogue and the actions (permission codes) under it. */
export const roleMatrixPageSchema = z.object({
  menuUrl: z.string(),
  /** The page's id in the menu: its words are the shell's `menu.<menuId>` (`name` is the English). */
  menuId: z.string(),
  name: z.string(),
  /** The section the page sits in ("Transactions"), or null for a top-level page. */
  section: z.string().nullable(),
  /** The section's id in the menu (`menu.<sectionMenuId>`), or null for a top-level page. */
  sectionMenuId: z.string().nullable(),
  /** Product types that have the page; null for every product. */
  products: z.array(z.enum(MERCHANT_PRODUCTS)).nullable(),
  actions: z.array(z.object({ code: z.string(), label: z.string(), kind: z.enum(ROLE_ACTION_KINDS) })),
});

export const roleMatrixRoleSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** A custom role of this merchant: the built-in role it was made from. Null for a built-in role. */
  baseCode: z.string().nullable(),
  /**
   * Whether the signed-in user may give this role to a member (invite, change role): it grants nothing they do not
   * hold themselves, and Owner only by an owner.
   */
  assignable: z.boolean(),
  /** Pages (menu URLs) and codes the role grants, '*' expanded: the data the server enforces. */
  menuUrls: z.array(z.string()),
  permissionCodes: z.array(z.string()),
  /** Active and invited members of the merchant with this role. */
  memberCount: z.number(),
});

export const roleMatrixSchema = z.object({
  pages: z.array(roleMatrixPageSchema),
  /** The built-in roles, then the merchant's custom roles by name. */
  roles: z.array(roleMatrixRoleSchema),
  /**
   * What the signed-in user holds ('*' expanded): a role they create or edit, or give, may grant nothing else.
   */
  caller: z.object({ roleCode: z.string(), menuUrls: z.array(z.string()), permissionCodes: z.array(z.string()) }),
});

/**
 * The record an audit row names, upper case (USER, PAYMENT, REFUND, …); the page links the ones
 * that have a page of their own.
 */
export const auditRecordSchema = z.object({
  id: z.string(),
  /** When the server wrote it (UTC, ISO 8601). */
  at: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  ip: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});

/** The audit log answer: a Page, plus whether its total is exact. */
export const auditPageSchema = pageSchema(auditRecordSchema).extend({ totalExact: z.boolean() });
