/** Refunds: paths, constants and types. Schemas: refunds-schemas.ts (request types inferred from them, type-only). */
import type { z } from 'zod';
import type {
  createRefundRequest,
  listRefundsRequest,
  refundDetailRequest,
  refundDetailSchema,
  refundFiltersSchema,
  refundRecordSchema,
} from './refunds-schemas';

export const REFUND_PATHS = {
  create: '/acquiring/web/v1/payment/refund',
  list: '/acquiring/web/v1/refund/list',
  detail: '/acquiring/web/v1/refund/detail',
} as const;

/** Header carrying the idempotency key of a money-moving call. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const REFUND_STATUSES = ['PROCESSING', 'SUCCESS', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_REASONS = [
  { value: 'REQUESTED_BY_CUSTOMER', label: 'Requested by customer' },
  { value: 'DUPLICATE', label: 'Duplicate payment' },
  { value: 'FRAUDULENT', label: 'Fraudulent' },
  { value: 'PRODUCT_NOT_RECEIVED', label: 'Product not received' },
  { value: 'PRODUCT_UNSATISFACTORY', label: 'Product unacceptable' },
  { value: 'OTHER', label: 'Other' },
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number]['value'];
/** The refund reason codes (REFUND_REASONS' values). */
export const REFUND_REASON_CODES = REFUND_REASONS.map((r) => r.value) as [RefundReason, ...RefundReason[]];

/** Refunds are allowed within this many days of the payment ("Refund period expires."). */
export const REFUND_PERIOD_DAYS = 180;

/** A refund of a payment; `amount` in major units as decimal text (money.ts `parseAmount` reads it). */
export type CreateRefundRequest = z.infer<typeof createRefundRequest>;

/** Filters of the refunds list (and of a refunds export). Amounts in minor units. */
export type RefundFilters = z.infer<typeof refundFiltersSchema>;

/** What a caller sends: pageNum and pageSize may be left out (1, 20). */
export type ListRefundsRequest = z.input<typeof listRefundsRequest>;
/** The list request as the server gets it after validation, defaults applied. */
export type ListRefundsQuery = z.output<typeof listRefundsRequest>;

export type RefundDetailRequest = z.infer<typeof refundDetailRequest>;

export type RefundRecord = z.infer<typeof refundRecordSchema>;
export type RefundDetail = z.infer<typeof refundDetailSchema>;
