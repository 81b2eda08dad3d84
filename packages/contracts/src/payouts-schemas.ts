import { z } from 'zod';
import { isoDateTime, minorUnits } from './common-schemas';
import { CURRENCIES } from './money';
import { PAYOUT_LIMITS, PAYOUT_ROW_FIELDS, type PayoutRowField } from './payout-rows';
import { PAYOUT_BATCH_STATUSES, PAYOUT_STATUSES } from './payouts';

/** A row's cells as text (the row rules check them: payout-rows.ts); each at most 100 characters. */
const cell = z.string().max(100, 'must be at most 100 characters');
export const payoutRowSchema = z.object(
  Object.fromEntries(PAYOUT_ROW_FIELDS.map((f) => [f, f === 'routingCode' || f === 'bic' || f === 'reference' ? cell.default('') : cell])) as Record<PayoutRowField, typeof cell>,
);

export const createPayoutRequest = payoutRowSchema;

export const submitPayoutBatchRequest = z.object({
  fileName: z.string().trim().min(1, 'is required').max(200),
  rows: z.array(payoutRowSchema).min(1, 'must hold at least one row').max(PAYOUT_LIMITS.maxRows, `must hold at most ${PAYOUT_LIMITS.maxRows} rows`),
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
