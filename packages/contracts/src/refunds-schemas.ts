import { z } from 'zod';
import { CURRENCIES } from './money';
import { REFUND_REASONS, REFUND_STATUSES } from './refunds';

const isoDate = z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time' });
const minor = z.number().int('must be a whole number of minor units').min(0).max(Number.MAX_SAFE_INTEGER);

export const createRefundRequest = z
  .object({
    paymentId: z.string().min(1, 'is required').max(64),
    amount: z.string().trim().regex(/^\d{1,15}(\.\d{1,6})?$/, 'must be a positive decimal amount like 12.50'),
    reason: z.enum(REFUND_REASONS.map((r) => r.value) as [string, ...string[]]),
    note: z.string().trim().max(500).optional(),
  })
  .refine((r) => r.reason !== 'OTHER' || (r.note ?? '').length > 0, { message: 'is required when the reason is Other', path: ['note'] });

export const idempotencyKey = z.string().min(8, 'must be 8 to 255 characters').max(255, 'must be 8 to 255 characters').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII');

export const refundFiltersSchema = z.object({
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  status: z.array(z.enum(REFUND_STATUSES)).max(3).optional(),
  currency: z.enum(CURRENCIES as [string, ...string[]]).optional(),
  amountMin: minor.optional(),
  amountMax: minor.optional(),
  keyword: z.string().trim().max(200).optional(),
});

export const listRefundsRequest = refundFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});

export const refundDetailRequest = z.object({ refundId: z.string().min(1, 'is required').max(64) });
