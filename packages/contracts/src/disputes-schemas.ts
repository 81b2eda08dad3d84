import { z } from 'zod';
import { DISPUTE_STATUSES, DISPUTE_TYPES } from './acquiring';
import { isoDateTime, minorUnits } from './common-schemas';
import { DISPUTE_REASON_CODES, EVIDENCE_CATEGORIES, EVIDENCE_TEXT_FIELDS } from './dispute-reasons';
import {
  DISPUTE_DOCUMENT_KINDS,
  DISPUTE_FUNDING_SOURCES,
  DISPUTE_SORTS,
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_LIMITS,
} from './disputes';
import { pageSchema } from './envelope-schemas';
import { CURRENCIES } from './money';

export const disputeId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .regex(/^DSP[A-Za-z0-9]+$/, 'must be an id starting with DSP');
export const disputeFileId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .regex(/^DEF[A-Za-z0-9]+$/, 'must be an id starting with DEF');

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

const evidenceText = z
  .string()
  .max(EVIDENCE_LIMITS.maxTextChars, `must be at most ${EVIDENCE_LIMITS.maxTextChars} characters`);
/** The text evidence; a field left out keeps its saved value, an empty string clears it. */
export const evidenceTextSchema = z.strictObject(
  Object.fromEntries(EVIDENCE_TEXT_FIELDS.map((f) => [f, evidenceText.optional()])) as Record<
    (typeof EVIDENCE_TEXT_FIELDS)[number],
    z.ZodOptional<typeof evidenceText>
  >,
);

export const saveEvidenceRequest = z.object({ disputeId, evidence: evidenceTextSchema });
export const submitDisputeRequest = z.object({ disputeId, evidence: evidenceTextSchema.optional() });
export const acceptDisputeRequest = z.object({ disputeId });

/** The upload's form fields, sent before the file part. */
export const uploadEvidenceFields = z.object({ disputeId, category: z.enum(EVIDENCE_CATEGORIES) });

export const disputeFileRequest = z.object({ disputeId, fileId: disputeFileId });
export const disputeDocumentRequest = z.object({ disputeId, kind: z.enum(DISPUTE_DOCUMENT_KINDS) });

export const disputeRecordSchema = z.object({
  disputeId: z.string(),
  type: z.enum(DISPUTE_TYPES),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.enum(DISPUTE_REASON_CODES),
  paymentId: z.string(),
  merchantOrderNo: z.string().nullable(),
  customerEmail: z.string().nullable(),
  /** Disputed amount, minor units. */
  amount: z.number(),
  /** Dispute fee, minor units, in the dispute's currency (held with the amount; released if won). */
  fee: z.number(),
  currency: z.string(),
  /** The evidence due date (UTC instant); null once the dispute is no longer open. */
  dueAt: z.string().nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

/** The disputes list answer: a Page, plus whether its total is exact. */
export const disputePageSchema = pageSchema(disputeRecordSchema).extend({ totalExact: z.boolean() });

export const disputeFileSchema = z.object({
  fileId: z.string(),
  category: z.enum(EVIDENCE_CATEGORIES),
  /** The name the file was uploaded with (for display and the download's name only). */
  fileName: z.string(),
  contentType: z.enum(EVIDENCE_CONTENT_TYPES),
  size: z.number(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
});

export const disputeEventSchema = z.object({
  type: z.string(),
  status: z.enum(DISPUTE_STATUSES).nullable(),
  note: z.string().nullable(),
  /** Who or what caused it: a user's email, or the system ("Sandbox processor", "Due date job"). */
  actor: z.string().nullable(),
  at: z.string(),
});

export const disputeDetailSchema = disputeRecordSchema.extend({
  evidence: z.partialRecord(z.enum(EVIDENCE_TEXT_FIELDS), z.string()),
  files: z.array(disputeFileSchema),
  /** Oldest first. */
  events: z.array(disputeEventSchema),
  payment: z.object({
    paymentId: z.string(),
    amount: z.number(),
    currency: z.string(),
    status: z.string(),
    customerEmail: z.string(),
    cardBin: z.string().nullable(),
    cardLast4: z.string().nullable(),
    payMethodName: z.string(),
    createdAt: z.string(),
  }),
  /** Where the disputed money was held from: its payment's unsettled batch (pending) or the available balance. */
  fundingSource: z.enum(DISPUTE_FUNDING_SOURCES),
  /** The settlement whose dispute adjustments include it, when it was held from a batch that has settled. */
  settlementId: z.string().nullable(),
  /** The evidence can still be changed (EVIDENCE_REQUIRED). */
  editable: z.boolean(),
});
