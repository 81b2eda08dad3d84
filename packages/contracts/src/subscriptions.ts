/**
 * Subscriptions (Subscriptions → Agreements): agreements made by paying a subscription payment link,
 * charged on schedule by the server as ordinary payments linked to the agreement, and cancelled now or
 * at the end of the period. Paths, constants and types; schemas in subscriptions-schemas.ts (request
 * types inferred from them). The dropdown-configs call stays in acquiring.ts (spec section 7).
 */
import type { z } from 'zod';
import type {
  agreementChargeSchema,
  agreementDetailRequest,
  agreementDetailSchema,
  agreementEventSchema,
  agreementFiltersSchema,
  agreementRecordSchema,
  cancelAgreementRequest,
  listAgreementsRequest,
  subscriptionPlanSchema,
} from './subscriptions-schemas';

export const AGREEMENT_PATHS = {
  /** POST `{ pageNum, pageSize, sort, ...filters }` → `Page<AgreementRecord>`. */
  list: '/acquiring/web/v1/agreement/list',
  /** GET `?agreementId=` → `AgreementDetail`. */
  detail: '/acquiring/web/v1/agreement/detail',
  /** POST `{ agreementId, when: NOW | PERIOD_END }` (API_SUBSCRIPTION_AGREEMENTS_CANCEL) → `AgreementDetail`. */
  cancel: '/acquiring/web/v1/agreement/cancel',
} as const;

/**
 * ACTIVE charges on schedule; PAST_DUE is retrying a declined charge; CANCELLED and EXPIRED (every cycle charged) are
 * final.
 */
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

export type AgreementRecord = z.infer<typeof agreementRecordSchema>;

export type AgreementCharge = z.infer<typeof agreementChargeSchema>;

export type AgreementEvent = z.infer<typeof agreementEventSchema>;

export type AgreementDetail = z.infer<typeof agreementDetailSchema>;

/** What a caller sends: pageNum, pageSize and sort may be left out (1, 20, newest first). */
export type ListAgreementsRequest = z.input<typeof listAgreementsRequest>;
export type ListAgreementsQuery = z.output<typeof listAgreementsRequest>;
export type AgreementFilters = z.infer<typeof agreementFiltersSchema>;
export type AgreementDetailRequest = z.infer<typeof agreementDetailRequest>;
export type CancelAgreementRequest = z.infer<typeof cancelAgreementRequest>;
