import { z } from 'zod';
import { APPROVAL_KINDS } from './approvals';
import { minorUnits } from './common-schemas';
import { CURRENCIES } from './money';

export const approvalDecisionRequest = z.object({
  kind: z.enum(APPROVAL_KINDS),
  id: z.string().min(1, 'is required').max(64),
  /** Why it is rejected (shown on its timeline). */
  reason: z.string().trim().max(200).optional(),
});

export const updateApprovalRulesRequest = z.object({
  /** Minor units per currency; 0 or a missing currency: no approval needed. */
  thresholds: z.partialRecord(z.enum(CURRENCIES), minorUnits),
});

/** Approval needed above these amounts, in minor units per currency; a currency without one needs none. */
export const approvalRulesSchema = z.object({
  thresholds: z.record(z.string(), z.number()),
});

export const approvalItemSchema = z.object({
  kind: z.enum(APPROVAL_KINDS),
  id: z.string(),
  /** "Withdrawal to ING Bank •••• 4567", "Payout to Jane Cooper", "Batch payroll.csv (12 payouts)". */
  description: z.string(),
  /** Per currency: what is held. */
  amounts: z.array(z.object({ currency: z.string(), amount: z.number() })),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
