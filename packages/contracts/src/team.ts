/**
 * Team and security (Settings → Team): members, roles, the audit log and the merchant's two-factor
 * rule. Request schemas: team-schemas.ts (types inferred from them, type-only imports).
 */
import type { z } from 'zod';
import type {
  auditLogFiltersSchema,
  auditLogListRequest,
  auditRecordSchema,
  createRoleRequest,
  editRoleRequest,
  listMembersRequest,
  memberIdRequest,
  memberRecordSchema,
  merchantSecuritySchema,
  roleMatrixPageSchema,
  roleMatrixRoleSchema,
  roleCodeRequest,
  roleMatrixSchema,
  updateMemberAccessRequest,
  updateMemberRoleRequest,
  updateMemberStatusRequest,
  updateMerchantSecurityRequest,
} from './team-schemas';

export const TEAM_PATHS = {
  members: '/usercenter/web/v1/merchant-user-manage/list',
  resendInvite: '/usercenter/web/v1/merchant-user-manage/resend-invite',
  revokeInvite: '/usercenter/web/v1/merchant-user-manage/revoke-invite',
  updateRole: '/usercenter/web/v1/merchant-user-manage/update-role',
  updateStatus: '/usercenter/web/v1/merchant-user-manage/update-status',
  updateAccess: '/usercenter/web/v1/merchant-user-manage/update-merchant-access',
  /** The roles matrix: the built-in roles and the merchant's custom roles, with what each grants. */
  roles: '/usercenter/web/v1/role/matrix',
  createRole: '/usercenter/web/v1/role/create',
  editRole: '/usercenter/web/v1/role/update',
  deleteRole: '/usercenter/web/v1/role/delete',
  security: '/usercenter/web/v1/merchant-security',
  updateSecurity: '/usercenter/web/v1/merchant-security/update',
  auditLog: '/usercenter/web/v1/audit-log/list',
} as const;

export const MEMBER_STATUSES = ['INVITED', 'ACTIVE', 'DISABLED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_SORTS = [
  'name:asc',
  'name:desc',
  'lastLoginAt:desc',
  'lastLoginAt:asc',
  'createdAt:desc',
  'createdAt:asc',
] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** The built-in roles, in the order the product shows them (seeded by the server, roles.ts). */
export const ROLE_CODES = ['OWNER', 'ADMIN', 'FINANCE', 'OPERATIONS', 'DEVELOPER', 'VIEWER'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];
/** The form of a role's code: a built-in role's (OWNER, …) or a custom role's (CUSTOM_…, made by the server). */
export const ROLE_CODE_PATTERN = /^[A-Z][A-Z0-9_]*$/;
export const ROLE_CODE_MAX = 32;
/** A custom role's name: unique per merchant (any case), built-in role names included. */
export const ROLE_NAME_MAX = 40;
/** What a permission code of the roles matrix opens: a page, or an action on one. */
export const ROLE_ACTION_KINDS = ['page', 'action'] as const;
export const ROLE_LABELS: Record<RoleCode, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  FINANCE: 'Finance',
  OPERATIONS: 'Operations',
  DEVELOPER: 'Developer',
  VIEWER: 'Viewer',
};

export type ListMembersRequest = z.input<typeof listMembersRequest>;
export type ListMembersQuery = z.output<typeof listMembersRequest>;
export type MemberIdRequest = z.infer<typeof memberIdRequest>;
export type UpdateMemberRoleRequest = z.infer<typeof updateMemberRoleRequest>;
export type UpdateMemberStatusRequest = z.infer<typeof updateMemberStatusRequest>;
export type UpdateMemberAccessRequest = z.infer<typeof updateMemberAccessRequest>;

export type MemberRecord = z.infer<typeof memberRecordSchema>;

/** Settings → Team header: the merchant's rule and how many members have two-factor sign-in. */
export type MerchantSecurity = z.infer<typeof merchantSecuritySchema>;
export type UpdateMerchantSecurityRequest = z.infer<typeof updateMerchantSecurityRequest>;

// ---- roles matrix ----
/** One page of the catalogue and the actions (permission codes) under it. */
export type RoleMatrixPage = z.infer<typeof roleMatrixPageSchema>;
export type RoleMatrixRole = z.infer<typeof roleMatrixRoleSchema>;
export type RoleMatrix = z.infer<typeof roleMatrixSchema>;
/** A custom role: made from a built-in role, named, with the pages and codes ticked in the matrix. */
export type CreateRoleRequest = z.infer<typeof createRoleRequest>;
export type EditRoleRequest = z.infer<typeof editRoleRequest>;
export type RoleCodeRequest = z.infer<typeof roleCodeRequest>;

// ---- audit log ----
export type AuditLogFilters = z.infer<typeof auditLogFiltersSchema>;
export type AuditLogListRequest = z.input<typeof auditLogListRequest>;
export type AuditLogListQuery = z.output<typeof auditLogListRequest>;
export const AUDIT_OUTCOMES = ['SUCCESS', 'FAILURE'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
export const AUDIT_SORTS = ['at:desc', 'at:asc'] as const;

/** Every action the server writes, with its label (a later module adds its own here). */
export const AUDIT_ACTION_LABELS = {
  LOGIN: 'Sign-in',
  LOGIN_TWO_FACTOR: 'Two-factor code at sign-in',
  LOGOUT: 'Sign-out',
  ACCOUNT_LOCKED: 'Account locked',
  PASSWORD_CHANGE: 'Password changed',
  PASSWORD_FORCED_RESET: 'Password set after a forced reset',
  PASSWORD_RESET_REQUESTED: 'Password reset requested',
  PASSWORD_RESET: 'Password reset',
  SWITCH_MERCHANT: 'Switched merchant',
  MEMBER_INVITED: 'Member invited',
  INVITATION_RESENT: 'Invitation resent',
  INVITATION_REVOKED: 'Invitation revoked',
  INVITATION_ACCEPTED: 'Invitation accepted',
  MEMBER_ROLE_CHANGED: 'Role changed',
  MEMBER_DISABLED: 'Member disabled',
  MEMBER_ENABLED: 'Member re-enabled',
  MEMBER_ACCESS_CHANGED: 'Sub-merchant access changed',
  ROLE_CREATED: 'Role created',
  ROLE_UPDATED: 'Role changed',
  ROLE_DELETED: 'Role deleted',
  TWO_FACTOR_ENABLED: 'Two-factor sign-in turned on',
  TWO_FACTOR_DISABLED: 'Two-factor sign-in turned off',
  TWO_FACTOR_REQUIREMENT: 'Two-factor rule changed',
  REFUND: 'Refund',
  PAYMENT_LINK_CREATED: 'Payment link created',
  PAYMENT_LINK_DEACTIVATED: 'Payment link deactivated',
  EXPORT_CREATED: 'Export requested',
  REPORT_SCHEDULE_CREATED: 'Report schedule created',
  REPORT_SCHEDULE_UPDATED: 'Report schedule changed',
  REPORT_SCHEDULE_PAUSED: 'Report schedule paused',
  REPORT_SCHEDULE_RESUMED: 'Report schedule resumed',
  REPORT_SCHEDULE_DELETED: 'Report schedule deleted',
  DISPUTE_EVIDENCE_SAVE: 'Dispute evidence saved',
  DISPUTE_EVIDENCE_UPLOAD: 'Dispute evidence uploaded',
  DISPUTE_EVIDENCE_DELETE: 'Dispute evidence deleted',
  DISPUTE_SUBMIT: 'Dispute evidence submitted',
  DISPUTE_ACCEPT: 'Dispute accepted',
  BANK_ACCOUNT_ADD: 'Bank account added',
  BANK_ACCOUNT_VERIFICATION: 'Bank account verification',
  BANK_ACCOUNT_DEFAULT: 'Default bank account set',
  BANK_ACCOUNT_REMOVE: 'Bank account removed',
  BANK_ACCOUNT_REVEAL: 'Bank account number revealed',
  WITHDRAWAL: 'Withdrawal',
  WITHDRAWAL_CANCEL: 'Withdrawal cancelled',
  PAYOUT: 'Payout',
  PAYOUT_BATCH: 'Payout batch',
  APPROVAL_APPROVE: 'Approved',
  APPROVAL_REJECT: 'Rejected',
  APPROVAL_RULES_UPDATE: 'Approval rules changed',
  AGREEMENT_CANCEL: 'Agreement cancelled',
  API_KEY_CREATED: 'API key created',
  API_KEY_REVOKED: 'API key revoked',
  WEBHOOK_ENDPOINT_CREATED: 'Webhook endpoint added',
  WEBHOOK_ENDPOINT_UPDATED: 'Webhook endpoint changed',
  WEBHOOK_ENDPOINT_DELETED: 'Webhook endpoint deleted',
  WEBHOOK_ENDPOINT_DISABLED: 'Webhook endpoint disabled after failures',
  WEBHOOK_SECRET_VIEWED: 'Webhook signing secret viewed',
  WEBHOOK_SECRET_ROTATED: 'Webhook signing secret rotated',
  WEBHOOK_TEST_SENT: 'Webhook test event sent',
  WEBHOOK_REPLAY: 'Webhook events replayed',
  WEBHOOK_DELIVERY_RETRY: 'Webhook delivery retried',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/**
 * The record an audit row names, upper case (USER, PAYMENT, REFUND, …); the page links the ones
 * that have a page of their own.
 */
export type AuditRecord = z.infer<typeof auditRecordSchema>;
