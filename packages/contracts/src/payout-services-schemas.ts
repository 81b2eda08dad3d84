import { z } from 'zod';
import { CURRENCIES } from './money';
import { PAYOUT_METHOD_TYPES, PAYOUT_SERVICE_SORTS, PAYOUT_SERVICE_STATUSES } from './payout-services';

export const listPayoutServicesRequest = z.object({
  status: z.array(z.enum(PAYOUT_SERVICE_STATUSES)).max(2).optional(),
  methodType: z.array(z.enum(PAYOUT_METHOD_TYPES)).max(PAYOUT_METHOD_TYPES.length).optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** Method name or service id. */
  keyword: z.string().trim().max(200).optional(),
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(PAYOUT_SERVICE_SORTS).default('country:asc'),
});
