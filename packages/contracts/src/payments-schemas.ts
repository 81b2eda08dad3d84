import { z } from 'zod';
import { isoDateTime as isoDate, minorUnits } from './common-schemas';
import { CURRENCIES } from './money';
import { pageSchema } from './envelope-schemas';
import { feeRuleViewSchema } from './payin-services-schemas';
import { PAYMENT_SORTS, PAYMENT_STATUSES, REFUND_BLOCKS, REFUND_STATES } from './payments';

const shortText = z.string().trim().max(100);

/** Filters of the payments list (and of a payments export). Amounts in minor units. */
export const paymentFiltersSchema = z.object({
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  status: z.array(z.enum(PAYMENT_STATUSES)).max(4).optional(),
  payMethodType: shortText.optional(),
  payMethodName: shortText.optional(),
  currency: z.enum(CURRENCIES).optional(),
  amountMin: minorUnits.optional(),
  amountMax: minorUnits.optional(),
  country: z.string().length(2, 'must be a 2-letter country code').optional(),
  /** Payment id, merchant order number or customer email. */
  keyword: z.string().trim().max(200).optional(),
});

export const listPaymentsRequest = paymentFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(PAYMENT_SORTS).default('createdAt:desc'),
});

export const paymentDetailRequest = z.object({ paymentId: z.string().min(1, 'is required').max(64) });

export const paymentKpisRequest = z.object({ currency: z.enum(CURRENCIES).optional() });

export const paymentRecordSchema = z.object({
  paymentId: z.string(),
  merchantOrderNo: z.string(),
  amount: z.number(),
  fee: z.number(),
  net: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  refundStatus: z.enum(REFUND_STATES),
  refundedAmount: z.number(),
  disputeStatus: z.string().nullable(),
  payMethodType: z.string(),
  payMethodName: z.string(),
  country: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  /** BIN + last 4 at most, e.g. "411111••••••1111"; null for other methods. */
  cardMasked: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

/** The payments list answer: a Page, plus whether its total is exact (false: an estimate above EXACT_COUNT_LIMIT). */
export const paymentPageSchema = pageSchema(paymentRecordSchema).extend({ totalExact: z.boolean() });

/** Counts per status for the tiles above the list (same filters except status). */
export const paymentStatusCountsSchema = z.object({
  ALL: z.number(),
  PENDING: z.number(),
  SUCCESS: z.number(),
  FAILED: z.number(),
  CANCELLED: z.number(),
});

export const timelineEventSchema = z.object({
  type: z.string(),
  status: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});

export const paymentSettlementSchema = z.object({
  batchId: z.string(),
  /** OPEN, CLOSED or SETTLED (settlements.ts BatchStatus). */
  batchStatus: z.string(),
  /** YYYY-MM-DD: the day the batch settles (or settled). */
  dueDay: z.string(),
  settlementId: z.string().nullable(),
  /** The refund deducted from this batch (0: none, or it came from the available balance). */
  refundDeducted: z.number(),
  /** What this payment adds to its settlement: amount − fee − refund deducted. */
  net: z.number(),
});

export const paymentDetailSchema = paymentRecordSchema.extend({
  description: z.string(),
  failureReason: z.string().nullable(),
  paymentLinkId: z.string().nullable(),
  /** A subscription charge: its agreement, cycle (1 = the checkout payment) and attempt (0, then retries). */
  agreement: z.object({ agreementId: z.string(), cycle: z.number(), attempt: z.number() }).nullable(),
  events: z.array(timelineEventSchema),
  refund: z
    .object({ refundId: z.string(), amount: z.number(), status: z.string(), reason: z.string(), createdAt: z.string() })
    .nullable(),
  dispute: z
    .object({
      disputeId: z.string(),
      type: z.string(),
      status: z.string(),
      amount: z.number(),
      reason: z.string(),
      dueAt: z.string().nullable(),
    })
    .nullable(),
  /** What a refund may take now: the amount not yet refunded, when the payment is refundable. */
  refundableAmount: z.number(),
  /** Why a refund is not possible now (payments.ts REFUND_BLOCKS), or null. */
  refundBlocked: z.enum(REFUND_BLOCKS).nullable(),
  /**
   * The pay-in service's fee rule that priced this payment's fee (a snapshot at capture); null for payments captured
   * before services.
   */
  feeRule: feeRuleViewSchema.nullable(),
  /**
   * Where the capture's money goes: its clearing batch, when it settles, the settlement it went into; null when not
   * captured.
   */
  settlement: paymentSettlementSchema.nullable(),
});

export const kpiWindowSchema = z.object({
  /** Gross volume of successful payments in minor units. */
  volume: z.number(),
  count: z.number(),
  successCount: z.number(),
  /** successCount / (SUCCESS + FAILED), 0–1; null with no finished payment. */
  successRate: z.number().nullable(),
  refundedAmount: z.number(),
  refundCount: z.number(),
});

export const paymentKpisSchema = z.object({
  currency: z.string(),
  /** Currencies the merchant has payments in, the most used first. */
  currencies: z.array(z.string()),
  today: kpiWindowSchema,
  last7Days: kpiWindowSchema,
  last30Days: kpiWindowSchema,
  /** Daily gross volume of successful payments, oldest first, in the merchant's time zone. */
  daily: z.array(z.object({ date: z.string(), volume: z.number(), count: z.number() })),
});
