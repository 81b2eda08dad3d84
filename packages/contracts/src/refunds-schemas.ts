import { z } from 'zod';
import { isoDateTime as isoDate, majorAmountText, minorUnits } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import { CURRENCIES } from './money';
import { REFUND_REASON_CODES, REFUND_STATUSES } from './refunds';

export const createRefundRequest = z
  .object({
    paymentId: z.string().min(1, 'is required').max(64),
    /**
     * In major units as a decimal string ("12.50"; the full refundable amount for a full refund).
     * A zero-decimal currency (JPY, KRW, IDR, VND) with decimals answers 003001B039 "No decimals.".
     */
    amount: majorAmountText('12.50'),
    reason: z.enum(REFUND_REASON_CODES),
    /** Required when reason is OTHER. */
    note: z.string().trim().max(500).optional(),
  })
  .refine((r) => r.reason !== 'OTHER' || (r.note ?? '').length > 0, {
    message: 'is required when the reason is Other',
    path: ['note'],
  });

export const idempotencyKey = z
  .string()
  .min(8, 'must be 8 to 255 characters')
  .max(255, 'must be 8 to 255 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII');

/** Filters of the refunds list (and of a refunds export). Amounts in minor units. */
export const refundFiltersSchema = z.object({
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  status: z.array(z.enum(REFUND_STATUSES)).max(3).optional(),
  currency: z.enum(CURRENCIES).optional(),
  amountMin: minorUnits.optional(),
  amountMax: minorUnits.optional(),
  /** Refund id or payment id. */
  keyword: z.string().trim().max(200).optional(),
});

export const listRefundsRequest = refundFiltersSchema.extend({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});

export const refundDetailRequest = z.object({ refundId: z.string().min(1, 'is required').max(64) });

export const refundRecordSchema = z.object({
  refundId: z.string(),
  paymentId: z.string(),
  merchantOrderNo: z.string(),
  amount: z.number(),
  currency: z.string(),
  reason: z.enum(REFUND_REASON_CODES),
  note: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const refundPageSchema = pageSchema(refundRecordSchema);

export const refundDetailSchema = refundRecordSchema.extend({
  payment: z.object({
    paymentId: z.string(),
    amount: z.number(),
    currency: z.string(),
    status: z.string(),
    customerEmail: z.string(),
    createdAt: z.string(),
  }),
  events: z.array(
    z.object({ type: z.string(), status: z.string().nullable(), note: z.string().nullable(), at: z.string() }),
  ),
});
