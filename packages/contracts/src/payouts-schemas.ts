import { z } from 'zod';
import { errorValuesSchema, isoDateTime, minorUnits } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import { CURRENCIES } from './money';
import { PAYOUT_METHOD_TYPES } from './payout-services';
import {
  PAYOUT_CELL_ERROR_CODES,
  PAYOUT_LIMITS,
  PAYOUT_PURPOSES,
  PAYOUT_ROW_FIELDS,
  type PayoutRowField,
} from './payout-rows';
import { PAYOUT_BATCH_STATUSES, PAYOUT_STATUSES } from './payouts';

/** A row's cells as text (the row rules check them: payout-rows.ts); each at most 100 characters. */
const cell = z.string().max(100, 'must be at most 100 characters');
export const payoutRowSchema = z.object(
  Object.fromEntries(
    PAYOUT_ROW_FIELDS.map((f) => [
      f,
      f === 'routingCode' || f === 'bic' || f === 'reference' ? cell.default('') : cell,
    ]),
  ) as Record<PayoutRowField, typeof cell>,
);

export const createPayoutRequest = payoutRowSchema;

export const submitPayoutBatchRequest = z.object({
  fileName: z.string().trim().min(1, 'is required').max(200),
  rows: z
    .array(payoutRowSchema)
    .min(1, 'must hold at least one row')
    .max(PAYOUT_LIMITS.maxRows, `must hold at most ${PAYOUT_LIMITS.maxRows} rows`),
});

export const payoutFiltersSchema = z.object({
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  status: z.array(z.enum(PAYOUT_STATUSES)).max(PAYOUT_STATUSES.length).optional(),
  currency: z.enum(CURRENCIES).optional(),
  amountMin: minorUnits.optional(),
  amountMax: minorUnits.optional(),
  /** Payout id, batch id, bank reference or the merchant's reference. */
  keyword: z.string().trim().max(200).optional(),
  batchId: z.string().max(64).optional(),
});

export const listPayoutsRequest = payoutFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});

export const listPayoutBatchesRequest = z.object({
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  status: z.array(z.enum(PAYOUT_BATCH_STATUSES)).max(PAYOUT_BATCH_STATUSES.length).optional(),
  keyword: z.string().trim().max(200).optional(),
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});

export const payoutDetailRequest = z.object({ payoutId: z.string().min(1, 'is required').max(64) });
export const payoutBatchDetailRequest = z.object({ batchId: z.string().min(1, 'is required').max(64) });
export const payoutTemplateRequest = z.object({ format: z.enum(['CSV', 'XLSX']).default('CSV') });

export const payoutRecordSchema = z.object({
  payoutId: z.string(),
  batchId: z.string().nullable(),
  /** Its row in the batch file (1-based), for a batch's payout. */
  rowNo: z.number().nullable(),
  beneficiaryName: z.string(),
  country: z.string(),
  method: z.enum(PAYOUT_METHOD_TYPES),
  /** "•••• 4300": the full number is never sent after entry. */
  maskedAccount: z.string(),
  currency: z.string(),
  amount: z.number(),
  fee: z.number(),
  /** amount + fee: what left the available balance. */
  total: z.number(),
  purpose: z.enum(PAYOUT_PURPOSES),
  reference: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  failureReason: z.string().nullable(),
  bankReference: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** The payouts list answer: a Page, plus whether its total is exact. */
export const payoutPageSchema = pageSchema(payoutRecordSchema).extend({ totalExact: z.boolean() });

export const payoutEventSchema = z.object({
  type: z.string(),
  status: z.string(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});

export const payoutDetailSchema = payoutRecordSchema.extend({
  serviceId: z.string(),
  routingCode: z.string().nullable(),
  bic: z.string().nullable(),
  events: z.array(payoutEventSchema),
});

export const currencyTotalsSchema = z.object({
  currency: z.string(),
  count: z.number(),
  amount: z.number(),
  fee: z.number(),
  /** Paid so far, and returned (failed rows). */
  paidAmount: z.number(),
  failedAmount: z.number(),
});

export const payoutBatchRecordSchema = z.object({
  batchId: z.string(),
  fileName: z.string(),
  status: z.enum(PAYOUT_BATCH_STATUSES),
  rowCount: z.number(),
  /** Rows per status. */
  counts: z.record(z.enum(PAYOUT_STATUSES), z.number()),
  totals: z.array(currencyTotalsSchema),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const payoutBatchPageSchema = pageSchema(payoutBatchRecordSchema);

/** A cell the row rules refuse: its field, the code with its values (worded by the web), the English message. */
export const payoutCellErrorSchema = z.object({
  field: z.enum(PAYOUT_ROW_FIELDS),
  code: z.enum(PAYOUT_CELL_ERROR_CODES),
  values: errorValuesSchema,
  message: z.string(),
});

/** The answer of validate: the file's rows as text and each row's cell errors (row numbers 1-based). */
export const batchValidationSchema = z.object({
  fileName: z.string(),
  /** sha256 of the file's bytes (hex). */
  fileHash: z.string(),
  rows: z.array(z.record(z.enum(PAYOUT_ROW_FIELDS), z.string())),
  errors: z.array(z.object({ row: z.number(), errors: z.array(payoutCellErrorSchema) })),
});
