/**
 * Subscriptions (Subscriptions → Agreements): agreements made by paying a subscription payment link,
 * charged on schedule by the server as ordinary payments linked to the agreement, and cancelled now or
 * at the end of the period. Paths, constants and types; schemas in subscriptions-schemas.ts (request
 * types inferred from them). The dropdown-configs call stays in acquiring.ts (spec section 7).
 */
import type { z } from 'zod';
import type { PaymentStatus } from './payments';
import type {
  agreementDetailRequest, agreementFiltersSchema, cancelAgreementRequest, listAgreementsRequest, subscriptionPlanSchema,
} from './subscriptions-schemas';

export const AGREEMENT_PATHS = {
  /** POST `{ pageNum, pageSize, sort, ...filters }` → `Page<AgreementRecord>`. */
  list: '/acquiring/web/v1/agreement/list',
  /** GET `?agreementId=` → `AgreementDetail`. */
  detail: '/acquiring/web/v1/agreement/detail',
  /** POST `{ agreementId, when: NOW | PERIOD_END }` (API_SUBSCRIPTION_AGREEMENTS_CANCEL) → `AgreementDetail`. */
  cancel: '/acquiring/web/v1/agreement/cancel',
} as const;

/** ACTIVE charges on schedule; PAST_DUE is retrying a declined charge; CANCELLED and EXPIRED (every cycle charged) are final. */
export const AGREEMENT_STATUSES = ['ACTIVE', 'PAST_DUE', 'CANCELLED', 'EXPIRED'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const PLAN_INTERVALS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
export const PLAN_INTERVAL_LABELS: Readonly<Record<PlanInterval, { one: string; many: string }>> = {
  DAY: { one: 'day', many: 'days' },
  WEEK: { one: 'week', many: 'weeks' },
  MONTH: { one: 'month', many: 'months' },
  YEAR: { one: 'year', many: 'years' },
};
/** The longest interval count a plan may have per unit (every 365 days, 52 weeks, 12 months, 5 years). */
export const PLAN_MAX_COUNT: Readonly<Record<PlanInterval, number>> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 5 };
/** A plan that ends after a number of cycles has at most this many. */
export const PLAN_MAX_CYCLES = 120;

/** "every month", "every 3 months". */
export function describePlanInterval(interval: PlanInterval, count: number): string {
  const unit = PLAN_INTERVAL_LABELS[interval];
  return count === 1 ? `every ${unit.one}` : `every ${count} ${unit.many}`;
}

/**
 * A declined renewal is retried this many days after the charge was due; after the last retry fails
 * the agreement is CANCELLED.
 */
export const AGREEMENT_RETRY_DAYS = [1, 3, 7] as const;

/** The two ways to cancel: now (no further charge), or at the end of the period already paid for. */
export const CANCEL_WHEN = ['NOW', 'PERIOD_END'] as const;
export type CancelWhen = (typeof CANCEL_WHEN)[number];

/** Sorts of the list: newest first (default), or the soonest next charge first. */
export const AGREEMENT_SORTS = ['createdAt:desc', 'nextChargeAt:asc'] as const;
export type AgreementSort = (typeof AGREEMENT_SORTS)[number];

export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export interface AgreementRecord {
  agreementId: string;
  merchantId: string;
  customerName: string;
  customerEmail: string;
  payMethodType: string;
  payMethodName: string;
  /** Card as BIN + last 4 at most; null for a wallet. */
  cardBin: string | null;
  cardLast4: string | null;
  country: string;
  /** Per cycle, minor units. */
  amount: number;
  currency: string;
  interval: PlanInterval;
  intervalCount: number;
  /** Cycles in all; null when it runs until cancelled. */
  cycles: number | null;
  cyclesCharged: number;
  status: AgreementStatus;
  /** The first charge (the checkout payment). */
  startAt: string;
  /** The current period (the one last paid for), from its charge to the next. */
  periodStart: string;
  periodEnd: string;
  /** When the next charge (or retry) is made; null once final or when it ends with this period. */
  nextChargeAt: string | null;
  /** The day of the last cycle's end, for a plan with a number of cycles. */
  endAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** Declined attempts of the current cycle (0 unless PAST_DUE). */
  failedAttempts: number;
  cancelledAt: string | null;
  /** Why it was cancelled or expired: by whom, or after which failed retry. */
  endReason: string | null;
  paymentLinkId: string | null;
  /** Succeeded charges together, minor units. */
  totalCollected: number;
  createdAt: string;
}

export interface AgreementCharge {
  paymentId: string;
  cycle: number;
  /** 0 for the charge on its due date, then 1, 2, 3 for the retries. */
  attempt: number;
  amount: number;
  currency: string;
  status: PaymentStatus;
  failureReason: string | null;
  createdAt: string;
}

export interface AgreementEvent {
  type: string;
  status: string;
  note: string | null;
  actor: string | null;
  createdAt: string;
}

export interface AgreementDetail extends AgreementRecord {
  charges: AgreementCharge[];
  events: AgreementEvent[];
}

/** What a caller sends: pageNum, pageSize and sort may be left out (1, 20, newest first). */
export type ListAgreementsRequest = z.input<typeof listAgreementsRequest>;
export type ListAgreementsQuery = z.output<typeof listAgreementsRequest>;
export type AgreementFilters = z.infer<typeof agreementFiltersSchema>;
export type AgreementDetailRequest = z.infer<typeof agreementDetailRequest>;
export type CancelAgreementRequest = z.infer<typeof cancelAgreementRequest>;
