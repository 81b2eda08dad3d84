import { z } from 'zod';
import { isGrayMerchantResponseSchema } from './acquiring-schemas';
import { pageSchema } from './envelope-schemas';
import { isoDateTime } from './common-schemas';
import { CURRENCIES } from './money';
import { PAYIN_SERVICE_SORTS, PAYIN_SERVICE_STATUSES } from './payin-services';

export const listPayinServicesRequest = z.object({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  status: z.array(z.enum(PAYIN_SERVICE_STATUSES)).max(PAYIN_SERVICE_STATUSES.length).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code')
    .optional(),
  payMethodType: z.string().trim().min(1).max(40).optional(),
  payMethodName: z.string().trim().min(1).max(40).optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** Service id or method name. */
  keyword: z.string().trim().max(200).optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  sort: z.enum(PAYIN_SERVICE_SORTS).default('country:asc'),
});

/** A fee rule as the back-office shows it (fee-rule.ts FeeRule, in the service's currency). */
export const feeRuleViewSchema = z.object({
  percentBps: z.number(),
  fixedMinor: z.number(),
  minimumMinor: z.number().nullable(),
  currency: z.string(),
});

export const payinServiceRecordSchema = z.object({
  serviceId: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  payMethodType: z.string(),
  payMethodName: z.string(),
  currency: z.string(),
  fee: feeRuleViewSchema,
  /** Per-payment limits in minor units; null: no limit. */
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  /** Captures settle T+N working days after their batch closes. */
  settlementCycleDays: z.number(),
  /** The daily cut-off ("HH:MM", 24 h) in `timeZone`, when the open batch closes. */
  cutoffTime: z.string(),
  /** The IANA zone of the cut-off and of the working-day calendar. */
  timeZone: z.string(),
  /** ISO 3166-1 alpha-2 of the settlement calendar (weekends and public holidays). */
  settlementCountry: z.string(),
  status: z.enum(PAYIN_SERVICE_STATUSES),
  createdAt: z.string(),
});

export const payinServicePageSchema = pageSchema(payinServiceRecordSchema);

/** GET user-fee/config: the fee rule of each of the merchant's services. */
export const userFeeConfigSchema = z.object({
  merchantId: z.string(),
  fees: z.array(
    payinServiceRecordSchema.pick({
      serviceId: true,
      country: true,
      payMethodType: true,
      payMethodName: true,
      currency: true,
      fee: true,
      status: true,
    }),
  ),
});

/** POST isGrayMerchant: the same answer as the acquiring call's. */
export const grayMerchantAnswerSchema = isGrayMerchantResponseSchema;
