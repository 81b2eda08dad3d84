import { z } from 'zod';
import { isoDateTime as isoDate, minorUnits } from './common-schemas';
import { CURRENCIES } from './money';
import { PAYMENT_SORTS, PAYMENT_STATUSES } from './payments';

const shortText = z.string().trim().max(100);

/** Filters of the payments list (and of a payments export). Amounts in minor units. */
export const paymentFiltersSchema = z.object({
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  status: z.array(z.enum(PAYMENT_STATUSES)).max(4).optional(),
  payMethodType: shortText.optional(),
  payMethodName: shortText.optional(),
  currency: z.enum(CURRENCIES).optional(),
  amountMin: minorUnits.optional(),
  amountMax: minorUnits.optional(),
  country: z.string().length(2, 'must be a 2-letter country code').optional(),
  /** Payment id, merchant order number or customer email. */
  keyword: z.string().trim().max(200).optional(),
});

export const listPaymentsRequest = paymentFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  sort: z.enum(PAYMENT_SORTS).default('createdAt:desc'),
});

export const paymentDetailRequest = z.object({ paymentId: z.string().min(1, 'is required').max(64) });

export const paymentKpisRequest = z.object({ currency: z.enum(CURRENCIES).optional() });
