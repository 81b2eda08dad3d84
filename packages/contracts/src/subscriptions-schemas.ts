import { z } from 'zod';
import { isoDateTime, minorUnits } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import { CURRENCIES } from './money';
import { PAYMENT_STATUSES } from './payments';
import {
  AGREEMENT_SORTS,
  AGREEMENT_STATUSES,
  CANCEL_WHEN,
  PLAN_INTERVALS,
  PLAN_MAX_COUNT,
  PLAN_MAX_CYCLES,
} from './subscriptions';

export const agreementId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .regex(/^AGR[A-Za-z0-9]+$/, 'must be an id starting with AGR');

/** A subscription link's plan: charged every `intervalCount` `interval`s, `cycles` times or until cancelled. */
export const subscriptionPlanSchema = z
  .strictObject({
    interval: z.enum(PLAN_INTERVALS),
    intervalCount: z.number().int('must be a whole number').min(1, 'must be at least 1').max(365),
    /** Cycles in all, the first charge included; left out: until cancelled. */
    cycles: z
      .number()
      .int('must be a whole number')
      .min(2, 'must be at least 2')
      .max(PLAN_MAX_CYCLES, `must be at most ${PLAN_MAX_CYCLES}`)
      .optional(),
  })
  .superRefine((plan, ctx) => {
    const max = PLAN_MAX_COUNT[plan.interval];
    if (plan.intervalCount > max)
      ctx.addIssue({
        code: 'custom',
        path: ['intervalCount'],
        message: `must be at most ${max} for ${plan.interval.toLowerCase()}s`,
      });
  });

/** Filters of the agreements list (and its export). Dates as instants. */
export const agreementFiltersSchema = z.object({
  status: z.array(z.enum(AGREEMENT_STATUSES)).max(AGREEMENT_STATUSES.length).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'must be a country code')
    .optional(),
  payMethodType: z.string().trim().max(40).optional(),
  payMethodName: z.string().trim().max(40).optional(),
  currency: z.enum(CURRENCIES).optional(),
  amountMin: minorUnits.optional(),
  amountMax: minorUnits.optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  nextChargeFrom: isoDateTime.optional(),
  nextChargeTo: isoDateTime.optional(),
  /** An agreement id (exact), a customer email (exact, any case) or the start of a customer name. */
  keyword: z.string().trim().max(200).optional(),
});

export const listAgreementsRequest = agreementFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(AGREEMENT_SORTS).default('createdAt:desc'),
});

export const agreementDetailRequest = z.object({ agreementId });

export const cancelAgreementRequest = z.object({ agreementId, when: z.enum(CANCEL_WHEN) });

export const agreementRecordSchema = z.object({
  agreementId: z.string(),
  merchantId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  payMethodType: z.string(),
  payMethodName: z.string(),
  /** Card as BIN + last 4 at most; null for a wallet. */
  cardBin: z.string().nullable(),
  cardLast4: z.string().nullable(),
  country: z.string(),
  /** Per cycle, minor units. */
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  intervalCount: z.number(),
  /** Cycles in all; null when it runs until cancelled. */
  cycles: z.number().nullable(),
  cyclesCharged: z.number(),
  status: z.enum(AGREEMENT_STATUSES),
  /** The first charge (the checkout payment). */
  startAt: z.string(),
  /** The current period (the one last paid for), from its charge to the next. */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** When the next charge (or retry) is made; null once final or when it ends with this period. */
  nextChargeAt: z.string().nullable(),
  /** The day of the last cycle's end, for a plan with a number of cycles. */
  endAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Declined attempts of the current cycle (0 unless PAST_DUE). */
  failedAttempts: z.number(),
  cancelledAt: z.string().nullable(),
  /** Why it was cancelled or expired: by whom, or after which failed retry. */
  endReason: z.string().nullable(),
  paymentLinkId: z.string().nullable(),
  /** Succeeded charges together, minor units. */
  totalCollected: z.number(),
  createdAt: z.string(),
});

/** The agreements list answer: a Page, plus whether its total is exact. */
export const agreementPageSchema = pageSchema(agreementRecordSchema).extend({ totalExact: z.boolean() });

export const agreementChargeSchema = z.object({
  paymentId: z.string(),
  cycle: z.number(),
  /** 0 for the charge on its due date, then 1, 2, 3 for the retries. */
  attempt: z.number(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});

export const agreementEventSchema = z.object({
  type: z.string(),
  status: z.string(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});

export const agreementDetailSchema = agreementRecordSchema.extend({
  charges: z.array(agreementChargeSchema),
  events: z.array(agreementEventSchema),
});
