import { z } from 'zod';
import { CURRENCIES } from './money';
import { PAYMENT_SORTS, PAYMENT_STATUSES } from './payments';

const isoDate = z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time' });
const minor = z.number().int('must be a whole number of minor units').min(0).max(Number.MAX_SAFE_INTEGER);
const shortText = z.string().trim().max(100);

export const paymentFiltersSchema = z.object({
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  status: z.array(z.enum(PAYMENT_STATUSES)).max(4).optional(),
  payMethodType: shortText.optional(),
  payMethodName: shortText.optional(),
  currency: z.enum(CURRENCIES as [string, ...string[]]).optional(),
  amountMin: minor.optional(),
  amountMax: minor.optional(),
  country: z.string().length(2, 'must be a 2-letter country code').optional(),
  keyword: z.string().trim().max(200).optional(),
});

export const listPaymentsRequest = paymentFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(PAYMENT_SORTS).default('createdAt:desc'),
});

export const paymentDetailRequest = z.object({ paymentId: z.string().min(1, 'is required').max(64) });

export const paymentKpisRequest = z.object({ currency: z.enum(CURRENCIES as [string, ...string[]]).optional() });
