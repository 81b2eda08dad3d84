/**
 * Payout services (Services → Payout methods): the methods a payout merchant pays beneficiaries
 * with, each with its fee, per-payout limits, cut-off and status. They price payouts (the fee shown
 * before submit) and decide which countries and currencies a payout may go to. Paths, constants and
 * types; schemas in payout-services-schemas.ts.
 */
import type { z } from 'zod';
import type { listPayoutServicesRequest, payoutServiceRecordSchema } from './payout-services-schemas';

export const PAYOUT_SERVICE_PATHS = {
  /** POST `{ pageNum, pageSize, ...filters }` → `Page<PayoutServiceRecord>`. */
  list: '/payout/web/v1/payout-service/list',
} as const;

export const PAYOUT_SERVICE_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type PayoutServiceStatus = (typeof PAYOUT_SERVICE_STATUSES)[number];

/** How the money reaches the beneficiary. */
export const PAYOUT_METHOD_TYPES = ['BANK_TRANSFER', 'EWALLET'] as const;
export type PayoutMethodType = (typeof PAYOUT_METHOD_TYPES)[number];
export const PAYOUT_METHOD_TYPE_LABELS: Readonly<Record<PayoutMethodType, string>> = {
  BANK_TRANSFER: 'Bank transfer',
  EWALLET: 'E-wallet',
};

/**
 * When a payout reaches the beneficiary once it leaves (a cut-off of `cutoffTime` on a working day):
 * a code the web words in the reader's language.
 */
export const PAYOUT_ARRIVALS = [
  'WITHIN_SECONDS',
  'WITHIN_MINUTES',
  'SAME_DAY',
  'NEXT_WORKING_DAY',
  'ONE_TO_TWO_WORKING_DAYS',
] as const;
export type PayoutArrival = (typeof PAYOUT_ARRIVALS)[number];
export const PAYOUT_ARRIVAL_LABELS: Readonly<Record<PayoutArrival, string>> = {
  WITHIN_SECONDS: 'Within seconds',
  WITHIN_MINUTES: 'Within minutes',
  SAME_DAY: 'Same day',
  NEXT_WORKING_DAY: 'Next working day',
  ONE_TO_TWO_WORKING_DAYS: '1–2 working days',
};

export const PAYOUT_SERVICE_SORTS = [
  'country:asc',
  'country:desc',
  'currency:asc',
  'currency:desc',
  'methodName:asc',
  'methodName:desc',
] as const;
export type PayoutServiceSort = (typeof PAYOUT_SERVICE_SORTS)[number];

export type PayoutServiceRecord = z.infer<typeof payoutServiceRecordSchema>;

export type ListPayoutServicesRequest = z.input<typeof listPayoutServicesRequest>;
export type ListPayoutServicesQuery = z.output<typeof listPayoutServicesRequest>;
