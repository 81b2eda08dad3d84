/** Refunds: paths, constants and types. Schemas: refunds-schemas.ts. */
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

/** Refunds are allowed within this many days of the payment ("Refund period expires."). */
export const REFUND_PERIOD_DAYS = 180;

export interface CreateRefundRequest {
  paymentId: string;
  /**
   * In major units as a decimal string ("12.50"; the full refundable amount for a full refund).
   * A zero-decimal currency (JPY, KRW, IDR, VND) with decimals answers 003001B039 "No decimals.".
   */
  amount: string;
  reason: RefundReason;
  /** Required when reason is OTHER. */
  note?: string;
}

export interface RefundFilters {
  createdFrom?: string;
  createdTo?: string;
  status?: RefundStatus[];
  currency?: string;
  amountMin?: number;
  amountMax?: number;
  /** Refund id or payment id. */
  keyword?: string;
}

export interface RefundRecord {
  refundId: string;
  paymentId: string;
  merchantOrderNo: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  note: string | null;
  status: RefundStatus;
  failureReason: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface RefundDetail extends RefundRecord {
  payment: { paymentId: string; amount: number; currency: string; status: string; customerEmail: string; createdAt: string };
  events: { type: string; status: string | null; note: string | null; at: string }[];
}
