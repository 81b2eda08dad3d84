/**
 * Payments (PRODUCT.md transactions area): paths, constants and types. Schemas: payments-schemas.ts;
 * the request types are inferred from them through type-only imports, so no zod reaches the web app.
 */
import type { FeeRuleView } from './payin-services';
import type { z } from 'zod';
import type { Page } from './envelope';
import type { listPaymentsRequest, paymentDetailRequest, paymentFiltersSchema, paymentKpisRequest } from './payments-schemas';

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

export interface PaymentRecord {
  paymentId: string;
  merchantOrderNo: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  status: PaymentStatus;
  refundStatus: RefundState;
  refundedAmount: number;
  disputeStatus: string | null;
  payMethodType: string;
  payMethodName: string;
  country: string;
  customerEmail: string;
  customerName: string;
  /** BIN + last 4 at most, e.g. "411111••••••1111"; null for other methods. */
  cardMasked: string | null;
  createdAt: string;
  paidAt: string | null;
}

/**
 * Totals and status counts are exact up to this many matches; above it the server answers the
 * planner's estimate (never less than this + 1) so a list of a million payments stays fast.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** The payments list answer: a Page, plus whether its total is exact (false: an estimate above EXACT_COUNT_LIMIT). */
export interface PaymentPage extends Page<PaymentRecord> {
  totalExact: boolean;
}

/** Counts per status for the tiles above the list (same filters except status). */
export type PaymentStatusCounts = Record<PaymentStatus | 'ALL', number>;

export interface TimelineEvent {
  type: string;
  status: string | null;
  note: string | null;
  at: string;
}

export interface PaymentDetail extends PaymentRecord {
  description: string;
  failureReason: string | null;
  paymentLinkId: string | null;
  /** A subscription charge: its agreement, cycle (1 = the checkout payment) and attempt (0, then retries). */
  agreement: { agreementId: string; cycle: number; attempt: number } | null;
  events: TimelineEvent[];
  refund: {
    refundId: string;
    amount: number;
    status: string;
    reason: string;
    createdAt: string;
  } | null;
  dispute: { disputeId: string; type: string; status: string; amount: number; reason: string; dueAt: string | null } | null;
  /** What a refund may take now: the amount not yet refunded, when the payment is refundable. */
  refundableAmount: number;
  /** Why a refund is not possible now, or null. */
  refundBlockedReason: string | null;
  /** The pay-in service's fee rule that priced this payment's fee (a snapshot at capture); null for payments captured before services. */
  feeRule: FeeRuleView | null;
  /** Where the capture's money goes: its clearing batch, when it settles, the settlement it went into; null when not captured. */
  settlement: PaymentSettlement | null;
}

export interface PaymentSettlement {
  batchId: string;
  /** OPEN, CLOSED or SETTLED (settlements.ts BatchStatus). */
  batchStatus: string;
  /** YYYY-MM-DD: the day the batch settles (or settled). */
  dueDay: string;
  settlementId: string | null;
  /** The refund deducted from this batch (0: none, or it came from the available balance). */
  refundDeducted: number;
  /** What this payment adds to its settlement: amount − fee − refund deducted. */
  net: number;
}

export interface KpiWindow {
  /** Gross volume of successful payments in minor units. */
  volume: number;
  count: number;
  successCount: number;
  /** successCount / (SUCCESS + FAILED), 0–1; null with no finished payment. */
  successRate: number | null;
  refundedAmount: number;
  refundCount: number;
}

export interface PaymentKpis {
  currency: string;
  /** Currencies the merchant has payments in, the most used first. */
  currencies: string[];
  today: KpiWindow;
  last7Days: KpiWindow;
  last30Days: KpiWindow;
  /** Daily gross volume of successful payments, oldest first, in the merchant's time zone. */
  daily: { date: string; volume: number; count: number }[];
}
