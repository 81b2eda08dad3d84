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
