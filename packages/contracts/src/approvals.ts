/**
 * Maker-checker (PRODUCT.md "Decisions added"): above the merchant's approval threshold for a currency,
 * a withdrawal, a payout or a whole payout batch waits in PENDING_APPROVAL, its money held, until a
 * second user with API_PAYOUT_APPROVE approves it (it goes to the bank) or rejects it (its money
 * returns). The maker never approves or rejects their own. Paths, types; schemas in approvals-schemas.ts.
 */
import type { z } from 'zod';
import type {
  approvalDecisionRequest,
  approvalItemSchema,
  approvalRulesSchema,
  updateApprovalRulesRequest,
} from './approvals-schemas';

export const APPROVAL_PATHS = {
  /** GET → `ApprovalRules` (the withdraw menu; the thresholds are shown to everyone who can withdraw). */
  rules: '/account/web/v1/approval/rules',
  /** POST `{ thresholds }` (API_PAYOUT_APPROVE) → `ApprovalRules`. */
  updateRules: '/account/web/v1/approval/rules/update',
  /** GET → `ApprovalItem[]`: what waits for a checker, oldest first (the withdraw menu). */
  pending: '/account/web/v1/approval/pending',
  /** POST `{ kind, id }` (API_PAYOUT_APPROVE) → the item, now PENDING (or PROCESSING for a batch). */
  approve: '/account/web/v1/approval/approve',
  /** POST `{ kind, id, reason? }` (API_PAYOUT_APPROVE) → the item, now CANCELLED (a batch REJECTED), its money back. */
  reject: '/account/web/v1/approval/reject',
} as const;

export const APPROVAL_KINDS = ['WITHDRAWAL', 'PAYOUT', 'PAYOUT_BATCH'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** Approval needed above these amounts, in minor units per currency; a currency without one needs none. */
export type ApprovalRules = z.infer<typeof approvalRulesSchema>;

export type ApprovalItem = z.infer<typeof approvalItemSchema>;

export type ApprovalDecisionRequest = z.input<typeof approvalDecisionRequest>;
export type UpdateApprovalRulesRequest = z.input<typeof updateApprovalRulesRequest>;
