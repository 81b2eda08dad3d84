import { z } from 'zod';
import { isoDateTime } from './common-schemas';
import { CURRENCIES } from './money';
import {
  BATCH_SORTS,
  BATCH_STATES,
  BATCH_STATUSES,
  ESTIMATION_MAX_DAYS,
  SANDBOX_ADVANCE_MAX_DAYS,
  SETTLEMENT_SORTS,
  SETTLEMENT_STATUSES,
} from './settlements';

const MAX_RANGE_MS = 366 * 24 * 60 * 60 * 1000;
const recordId = (prefix: string) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(64)
    .regex(new RegExp(`^${prefix}[A-Za-z0-9]+$`), `must be an id starting with ${prefix}`);
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
    else if (span > MAX_RANGE_MS)
      ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'must be at most 366 days after createdFrom' });
  });
}

/** Settlement history: createdFrom / createdTo bound the settlement day (as days in the merchant's zone). */
export const listSettlementsRequest = withinRange(
  z.object({
    ...paging,
    status: z.array(z.enum(SETTLEMENT_STATUSES)).max(SETTLEMENT_STATUSES.length).optional(),
    currency: z.enum(CURRENCIES).optional(),
    /** A settlement id or bank reference, exact. */
    keyword: z.string().trim().max(64).optional(),
    createdFrom: isoDateTime.optional(),
    createdTo: isoDateTime.optional(),
    sort: z.enum(SETTLEMENT_SORTS).default('settlementDay:desc'),
  }),
);

/**
 * Batches: OPEN (open batches) or CLOSED (closed and settled: the batch history); createdFrom / createdTo bound the
 * cut-off.
 */
export const listBatchesRequest = withinRange(
  z.object({
    ...paging,
    state: z.enum(BATCH_STATES),
    currency: z.enum(CURRENCIES).optional(),
    /** A batch id, exact. */
    keyword: z.string().trim().max(64).optional(),
    createdFrom: isoDateTime.optional(),
    createdTo: isoDateTime.optional(),
    sort: z.enum(BATCH_SORTS).default('closesAt:desc'),
  }),
);

export const settlementDetailRequest = z.object({ settlementId });
export const batchDetailRequest = z.object({ batchId });

/** The payments of one settlement or of one batch (exactly one of the two ids). */
export const settlementTransactionsRequest = z
  .object({
    ...paging,
    settlementId: settlementId.optional(),
    batchId: batchId.optional(),
  })
  .refine((v) => (v.settlementId === undefined) !== (v.batchId === undefined), {
    message: 'give settlementId or batchId',
    path: ['settlementId'],
  });

export const estimationRequest = z.object({
  days: z.coerce.number().int().min(1).max(ESTIMATION_MAX_DAYS).default(30),
});

export const calendarRequest = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM')
    .refine((m) => Number(m.slice(0, 4)) >= 1970 && Number(m.slice(0, 4)) <= 2100, 'must be a month from 1970 to 2100'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a 2-letter country code')
    .optional(),
});

/** The sandbox clock: settle as of this many days from now (0: now). */
export const sandboxAdvanceRequest = z.object({
  days: z.number().int().min(0).max(SANDBOX_ADVANCE_MAX_DAYS),
});

export const settlementRecordSchema = z.object({
  settlementId: z.string(),
  currency: z.string(),
  /** YYYY-MM-DD: the due day of its batches. */
  settlementDay: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  batchCount: z.number(),
  paymentCount: z.number(),
  refundCount: z.number(),
  gross: z.number(),
  refunds: z.number(),
  fees: z.number(),
  /** Dispute adjustments: disputes held from its batches (amount + fee each, modules/disputes). */
  disputes: z.number(),
  /** Rolling reserve held back (0: the sandbox holds none). */
  reserve: z.number(),
  net: z.number(),
  /** Where it was paid: the masked bank account, or null when paid to the available balance. */
  bankAccount: z.string().nullable(),
  bankReference: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

/** Sums of a filtered settlements list, per currency. */
export const settlementTotalsSchema = z.object({
  currency: z.string(),
  count: z.number(),
  gross: z.number(),
  refunds: z.number(),
  fees: z.number(),
  disputes: z.number(),
  reserve: z.number(),
  net: z.number(),
});

export const settlementPageSchema = z.object({
  total: z.number(),
  records: z.array(settlementRecordSchema),
  /** Per currency, over every row the filters match (not only this page). */
  totals: z.array(settlementTotalsSchema),
});

export const settlementBatchRecordSchema = z.object({
  batchId: z.string(),
  currency: z.string(),
  status: z.enum(BATCH_STATUSES),
  /** YYYY-MM-DD: the working day whose cut-off closes the batch. */
  businessDay: z.string(),
  /** The cut-off instant. */
  closesAt: z.string(),
  /** YYYY-MM-DD: the day it settles (T+N working days after the business day). */
  dueDay: z.string(),
  settlementCycleDays: z.number(),
  settlementCountry: z.string(),
  timeZone: z.string(),
  cutoffTime: z.string(),
  paymentCount: z.number(),
  gross: z.number(),
  fees: z.number(),
  refundCount: z.number(),
  refunds: z.number(),
  /** Disputes held from this batch (amount + fee each): its dispute adjustments. */
  disputeCount: z.number(),
  disputes: z.number(),
  net: z.number(),
  settlementId: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});

export const settlementBatchPageSchema = z.object({
  total: z.number(),
  records: z.array(settlementBatchRecordSchema),
});

export const settlementDetailSchema = settlementRecordSchema.extend({
  batches: z.array(settlementBatchRecordSchema),
  /** The ledger transaction that moved the net from pending to available. */
  ledgerTransactionId: z.string().nullable(),
});

/** One payment of a batch or settlement, with what it adds to the net. */
export const settlementTransactionRecordSchema = z.object({
  paymentId: z.string(),
  merchantOrderNo: z.string(),
  batchId: z.string(),
  currency: z.string(),
  payMethodName: z.string(),
  capturedAt: z.string(),
  gross: z.number(),
  fee: z.number(),
  /** The refund deducted from this batch (0 when none, or when it came from the available balance). */
  refunded: z.number(),
  refundId: z.string().nullable(),
  /** The dispute held from this batch (amount + fee; 0 when none, or when it came from the available balance). */
  disputed: z.number(),
  disputeId: z.string().nullable(),
  /** gross − fee − refunded − disputed. */
  net: z.number(),
});

export const settlementTransactionPageSchema = z.object({
  total: z.number(),
  records: z.array(settlementTransactionRecordSchema),
});

/** The expected settlement of one due day in one currency. */
export const estimationDaySchema = z.object({
  /** YYYY-MM-DD; a batch overdue (the job has not run yet) counts on today. */
  day: z.string(),
  currency: z.string(),
  batchCount: z.number(),
  paymentCount: z.number(),
  gross: z.number(),
  refunds: z.number(),
  fees: z.number(),
  /** Disputes held from the batches (amount + fee each). */
  disputes: z.number(),
  net: z.number(),
  /** Whether a batch of that day is still open (its amounts can still grow). */
  includesOpen: z.boolean(),
});

export const settlementEstimationSchema = z.object({
  /** YYYY-MM-DD, today in the merchant's zone, and the last day covered. */
  from: z.string(),
  to: z.string(),
  days: z.array(estimationDaySchema),
  /** The first day with an expected settlement, per currency of that day; null when nothing is due. */
  next: z.object({ day: z.string(), amounts: z.array(z.object({ currency: z.string(), net: z.number() })) }).nullable(),
});

export const calendarDayAmountSchema = z.object({
  currency: z.string(),
  net: z.number(),
});

export const settlementCalendarDaySchema = z.object({
  /** YYYY-MM-DD. */
  day: z.string(),
  working: z.boolean(),
  weekend: z.boolean(),
  /** Names of the public holidays that close the day (empty for none). */
  holidays: z.array(z.string()),
  /** Expected from unsettled batches due that day (today and later). */
  expected: z.array(calendarDayAmountSchema),
  /** Settled that day. */
  paid: z.array(calendarDayAmountSchema),
  settlementCount: z.number(),
});

export const settlementCalendarSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** The settlement country whose working days are shown, and the ones the merchant's services use. */
  country: z.string(),
  countries: z.array(z.string()),
  /** YYYY-MM-DD, today in the merchant's zone. */
  today: z.string(),
  days: z.array(settlementCalendarDaySchema),
});

/** GET sandboxClock: whether this server has the sandbox clock. */
export const sandboxClockSchema = z.object({ enabled: z.boolean() });

export const sandboxAdvanceResultSchema = z.object({
  /** The instant the cycle ran as of. */
  asOf: z.string(),
  closed: z.number(),
  settlements: z.number(),
  batches: z.number(),
});
