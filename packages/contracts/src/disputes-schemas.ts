import { z } from 'zod';
import { DISPUTE_STATUSES, DISPUTE_TYPES } from './acquiring';
import { isoDateTime, minorUnits } from './common-schemas';
import { DISPUTE_REASON_CODES, EVIDENCE_CATEGORIES, EVIDENCE_TEXT_FIELDS } from './dispute-reasons';
import { DISPUTE_SORTS, EVIDENCE_LIMITS } from './disputes';
import { CURRENCIES } from './money';

export const disputeId = z.string().trim().min(1, 'is required').max(64).regex(/^DSP[A-Za-z0-9]+$/, 'must be an id starting with DSP');
export const disputeFileId = z.string().trim().min(1, 'is required').max(64).regex(/^DEF[A-Za-z0-9]+$/, 'must be an id starting with DEF');

/** Filters of the disputes list (and of a disputes export). Amounts in minor units; dates as instants. */
export const disputeFiltersSchema = z.object({
  /** The tab: customer disputes or chargebacks (both when left out). */
  type: z.array(z.enum(DISPUTE_TYPES)).max(DISPUTE_TYPES.length).optional(),
  status: z.array(z.enum(DISPUTE_STATUSES)).max(DISPUTE_STATUSES.length).optional(),
  reason: z.array(z.enum(DISPUTE_REASON_CODES)).max(DISPUTE_REASON_CODES.length).optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  dueFrom: isoDateTime.optional(),
  dueTo: isoDateTime.optional(),
  currency: z.enum(CURRENCIES).optional(),
  amountMin: minorUnits.optional(),
  amountMax: minorUnits.optional(),
  /** A dispute id or payment id, exact. */
  keyword: z.string().trim().max(64).optional(),
});

export const listDisputesRequest = disputeFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(DISPUTE_SORTS).default('createdAt:desc'),
});

export const disputeDetailRequest = z.object({ disputeId });

const evidenceText = z.string().max(EVIDENCE_LIMITS.maxTextChars, `must be at most ${EVIDENCE_LIMITS.maxTextChars} characters`);
/** The text evidence; a field left out keeps its saved value, an empty string clears it. */
export const evidenceTextSchema = z.strictObject(
  Object.fromEntries(EVIDENCE_TEXT_FIELDS.map((f) => [f, evidenceText.optional()])) as Record<(typeof EVIDENCE_TEXT_FIELDS)[number], z.ZodOptional<typeof evidenceText>>,
);

export const saveEvidenceRequest = z.object({ disputeId, evidence: evidenceTextSchema });
export const submitDisputeRequest = z.object({ disputeId, evidence: evidenceTextSchema.optional() });
export const acceptDisputeRequest = z.object({ disputeId });

/** The upload's form fields, sent before the file part. */
export const uploadEvidenceFields = z.object({ disputeId, category: z.enum(EVIDENCE_CATEGORIES) });

export const disputeFileRequest = z.object({ disputeId, fileId: disputeFileId });
export const disputeDocumentRequest = z.object({ disputeId, kind: z.enum(['NOTICE', 'SUBMISSION']) });
