import { z } from 'zod';
import { isoDateTime } from './common-schemas';
import { CURRENCIES } from './money';
import { PAYIN_SERVICE_SORTS, PAYIN_SERVICE_STATUSES } from './payin-services';

export const listPayinServicesRequest = z.object({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  status: z.array(z.enum(PAYIN_SERVICE_STATUSES)).max(PAYIN_SERVICE_STATUSES.length).optional(),
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code').optional(),
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
