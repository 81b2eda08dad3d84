/**
 * Payments (PRODUCT.md transactions area): paths, constants and types. Schemas: payments-schemas.ts;
 * the request types are inferred from them through type-only imports, so no zod reaches the web app.
 */
import type { z } from 'zod';
import type {
  kpiWindowSchema,
  listPaymentsRequest,
  paymentDetailRequest,
  paymentDetailSchema,
  paymentFiltersSchema,
  paymentKpisRequest,
  paymentKpisSchema,
  paymentPageSchema,
  paymentRecordSchema,
  paymentSettlementSchema,
  paymentStatusCountsSchema,
  timelineEventSchema,
} from './payments-schemas';

export const PAYMENT_PATHS = {
  list: '/acquiring/web/v1/payment/list',
  statusCount: '/acquiring/web/v1/payment/status-count',
  detail: '/acquiring/web/v1/payment/detail',
  kpis: '/acquiring/web/v1/payment/kpis',
} as const;

export const PAYMENT_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const REFUND_STATES = ['NONE', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Why a payment cannot be refunded now: it did not succeed, it has a refund under way or done, it is disputed (until
 * the dispute is won), its refund period is over, or nothing is left to refund.
 */
export const REFUND_BLOCKS = [
  'NOT_SUCCEEDED',
  'REFUNDED_ONCE',
  'DISPUTED',
  'PERIOD_EXPIRED',
  'FULLY_REFUNDED',
] as const;
export type RefundBlock = (typeof REFUND_BLOCKS)[number];
export const REFUND_BLOCK_LABELS: Readonly<Record<RefundBlock, string>> = {
  NOT_SUCCEEDED: 'Only a succeeded payment can be refunded.',
  REFUNDED_ONCE: 'This payment has a refund already: a payment can be refunded once.',
  DISPUTED: 'The payment is disputed: the dispute decides what goes back to the customer.',
  PERIOD_EXPIRED: 'The refund period of this payment is over.',
  FULLY_REFUNDED: 'The payment is fully refunded.',
};

export const PAYMENT_SORTS = ['createdAt:desc', 'createdAt:asc', 'amount:desc', 'amount:asc'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

/** Filters of the payments list (and of a payments export). Amounts in minor units. */
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

/** What a caller sends: pageNum, pageSize and sort may be left out (1, 20, newest first). */
export type ListPaymentsRequest = z.input<typeof listPaymentsRequest>;
/** The list request as the server gets it after validation, defaults applied. */
export type ListPaymentsQuery = z.output<typeof listPaymentsRequest>;

export type PaymentDetailRequest = z.infer<typeof paymentDetailRequest>;
export type PaymentKpisRequest = z.infer<typeof paymentKpisRequest>;

export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/**
 * Totals and status counts are exact up to this many matches; above it the server answers the
 * planner's estimate (never less than this + 1) so a list of a million payments stays fast.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** The payments list answer: a Page, plus whether its total is exact (false: an estimate above EXACT_COUNT_LIMIT). */
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/** Counts per status for the tiles above the list (same filters except status). */
export type PaymentStatusCounts = z.infer<typeof paymentStatusCountsSchema>;
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;
export type PaymentSettlement = z.infer<typeof paymentSettlementSchema>;
export type KpiWindow = z.infer<typeof kpiWindowSchema>;
export type PaymentKpis = z.infer<typeof paymentKpisSchema>;
