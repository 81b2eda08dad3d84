import { z } from 'zod';
import { pageSchema } from './envelope-schemas';
import { CURRENCIES } from './money';
import { feeRuleViewSchema } from './payin-services-schemas';
import { PAYOUT_ARRIVALS, PAYOUT_METHOD_TYPES, PAYOUT_SERVICE_SORTS, PAYOUT_SERVICE_STATUSES } from './payout-services';

export const listPayoutServicesRequest = z.object({
  status: z.array(z.enum(PAYOUT_SERVICE_STATUSES)).max(2).optional(),
  methodType: z.array(z.enum(PAYOUT_METHOD_TYPES)).max(PAYOUT_METHOD_TYPES.length).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** Method name or service id. */
  keyword: z.string().trim().max(200).optional(),
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(PAYOUT_SERVICE_SORTS).default('country:asc'),
});

export const payoutServiceRecordSchema = z.object({
  serviceId: z.string(),
  /** The beneficiary's country, ISO 3166-1 alpha-2. */
  country: z.string(),
  methodType: z.enum(PAYOUT_METHOD_TYPES),
  /** "SEPA Credit Transfer", "Faster Payments", "GCash"… */
  methodName: z.string(),
  currency: z.string(),
  /** What one payout costs the merchant, on top of the amount. */
  fee: feeRuleViewSchema,
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  /** Payouts submitted before the cut-off ("HH:MM" in `timeZone`) on a working day leave that day. */
  cutoffTime: z.string(),
  timeZone: z.string(),
  /** When a payout arrives: SAME_DAY, NEXT_WORKING_DAY… (PAYOUT_ARRIVALS, worded by the web). */
  arrival: z.enum(PAYOUT_ARRIVALS),
  status: z.enum(PAYOUT_SERVICE_STATUSES),
  createdAt: z.string(),
});

export const payoutServicePageSchema = pageSchema(payoutServiceRecordSchema);
