import { z } from 'zod';
import { isoDateTime } from './common-schemas';
import { CURRENCIES } from './money';
import { BATCH_SORTS, BATCH_STATES, ESTIMATION_MAX_DAYS, SANDBOX_ADVANCE_MAX_DAYS, SETTLEMENT_SORTS, SETTLEMENT_STATUSES } from './settlements';

const MAX_RANGE_MS = 366 * 24 * 60 * 60 * 1000;
const recordId = (prefix: string) => z.string().trim().min(1, 'is required').max(64).regex(new RegExp(`^${prefix}[A-Za-z0-9]+$`), `must be an id starting with ${prefix}`);
export const settlementId = recordId('STL');
export const batchId = recordId('BAT');

const paging = {
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
};

/** A created range of at most 366 days, from before to. */
function withinRange<S extends z.ZodType<{ createdFrom?: string; createdTo?: string }>>(schema: S) {
  return schema.superRefine((value, ctx) => {
    if (!value.createdFrom || !value.createdTo) return;
    const span = Date.parse(value.createdTo) - Date.parse(value.createdFrom);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'must not be before createdFrom' });
    else if (span > MAX_RANGE_MS) ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'must be at most 366 days after createdFrom' });
  });
}

/** Settlement history: createdFrom / createdTo bound the settlement day (as days in the merchant's zone). */
export const listSettlementsRequest = withinRange(z.object({
  ...paging,
  status: z.array(z.enum(SETTLEMENT_STATUSES)).max(SETTLEMENT_STATUSES.length).optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** A settlement id or bank reference, exact. */
  keyword: z.string().trim().max(64).optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  sort: z.enum(SETTLEMENT_SORTS).default('settlementDay:desc'),
}));

/** Batches: OPEN (open batches) or CLOSED (closed and settled: the batch history); createdFrom / createdTo bound the cut-off. */
export const listBatchesRequest = withinRange(z.object({
  ...paging,
  state: z.enum(BATCH_STATES),
  currency: z.enum(CURRENCIES).optional(),
  /** A batch id, exact. */
  keyword: z.string().trim().max(64).optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  sort: z.enum(BATCH_SORTS).default('closesAt:desc'),
}));

export const settlementDetailRequest = z.object({ settlementId });
export const batchDetailRequest = z.object({ batchId });

/** The payments of one settlement or of one batch (exactly one of the two ids). */
export const settlementTransactionsRequest = z.object({
  ...paging,
  settlementId: settlementId.optional(),
  batchId: batchId.optional(),
}).refine((v) => (v.settlementId === undefined) !== (v.batchId === undefined), { message: 'give settlementId or batchId', path: ['settlementId'] });

export const estimationRequest = z.object({
  days: z.coerce.number().int().min(1).max(ESTIMATION_MAX_DAYS).default(30),
});

export const calendarRequest = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM').refine((m) => Number(m.slice(0, 4)) >= 1970 && Number(m.slice(0, 4)) <= 2100, 'must be a month from 1970 to 2100'),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter country code').optional(),
});

/** The sandbox clock: settle as of this many days from now (0: now). */
export const sandboxAdvanceRequest = z.object({
  days: z.number().int().min(0).max(SANDBOX_ADVANCE_MAX_DAYS),
});
