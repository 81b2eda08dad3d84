/**
 * Payment links and the hosted checkout: paths, constants and types. Schemas: payment-links-schemas.ts (request types
 * inferred from them, type-only).
 */
import type { z } from 'zod';
import type {
  checkoutPayRequest,
  createPaymentLinkRequest,
  deactivatePaymentLinkRequest,
  listPaymentLinkPaymentsRequest,
  listPaymentLinksRequest,
  paymentLinkDetailRequest,
  paymentLinkDetailSchema,
  paymentLinkPaymentSchema,
  paymentLinkRecordSchema,
  paymentLinkTotalsSchema,
} from './payment-links-schemas';

export const PAYMENT_LINK_PATHS = {
  list: '/acquiring/web/v1/payment-link/list',
  create: '/acquiring/web/v1/payment-link/create',
  deactivate: '/acquiring/web/v1/payment-link/deactivate',
  /** GET `?linkId=`: the link, its totals and whether a pending payment holds it. */
  detail: '/acquiring/web/v1/payment-link/detail',
  /** POST `{ linkId, pageNum, pageSize }`: the link's payments, newest first. */
  payments: '/acquiring/web/v1/payment-link/payment/list',
  /** The hosted checkout page, outside /app/ and without login: `${checkout}/${linkId}`. */
  checkout: '/pay',
} as const;

export const PAYMENT_LINK_STATUSES = ['ACTIVE', 'PAID', 'EXPIRED', 'DEACTIVATED'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];
export const PAYMENT_LINK_MAX_DAYS = 30;
/** The largest amount a link may ask for, in minor units (a sanity cap, far above any real order). */
export const PAYMENT_LINK_MAX_AMOUNT_MINOR = 1_000_000_000_000;
/** The expiry choices the create form offers (any whole number of days from 1 to 30 is accepted). */
export const PAYMENT_LINK_EXPIRY_PRESETS = [1, 7, 14, 30] as const;

export const PAYMENT_LINK_SORTS = [
  'createdAt:desc',
  'createdAt:asc',
  'expiresAt:asc',
  'amount:desc',
  'amount:asc',
] as const;
export type PaymentLinkSort = (typeof PAYMENT_LINK_SORTS)[number];

/**
 * The sandbox's test cards (README): any future expiry and any 3-digit CVC.
 * SUCCESS pays, DECLINED fails, PENDING stays pending, DISPUTED pays and is disputed a little later.
 */
export const TEST_CARDS = {
  SUCCESS: '4242424242424242',
  DISPUTED: '4000000000002685',
  DECLINED: '4000000000000002',
  PENDING: '4000000000000259',
  /** A subscription's first charge succeeds; every renewal is declined (retries, then the agreement is cancelled). */
  RENEWAL_DECLINED: '4000000000000341',
} as const;

export type CreatePaymentLinkRequest = z.infer<typeof createPaymentLinkRequest>;

export type PaymentLinkRecord = z.infer<typeof paymentLinkRecordSchema>;

/** What a caller sends: pageNum, pageSize and sort may be left out (1, 20, newest first). */
export type ListPaymentLinksRequest = z.input<typeof listPaymentLinksRequest>;
/** The list request as the server gets it after validation, defaults applied. */
export type ListPaymentLinksQuery = z.output<typeof listPaymentLinksRequest>;
/** The list's filters (without paging and sort). */
export type PaymentLinkFilters = Omit<ListPaymentLinksRequest, 'pageNum' | 'pageSize' | 'sort'>;

export type DeactivatePaymentLinkRequest = z.infer<typeof deactivatePaymentLinkRequest>;

export type PaymentLinkDetailRequest = z.infer<typeof paymentLinkDetailRequest>;
/** What a caller sends: pageNum and pageSize may be left out (1, 20). */
export type ListPaymentLinkPaymentsRequest = z.input<typeof listPaymentLinkPaymentsRequest>;
export type ListPaymentLinkPaymentsQuery = z.output<typeof listPaymentLinkPaymentsRequest>;

/** A link's payments summed up (amounts in the link's currency, minor units). */
export type PaymentLinkTotals = z.infer<typeof paymentLinkTotalsSchema>;

/**
 * One link for its detail page. `pendingPaymentId`: a PENDING payment holds a single-use link (no
 * one else can pay it) until the payment succeeds (the link becomes PAID) or fails (it reopens).
 */
export type PaymentLinkDetail = z.infer<typeof paymentLinkDetailSchema>;

/** A payment made through a link, as its detail page lists it (the card as brand + last 4 at most). */
export type PaymentLinkPayment = z.infer<typeof paymentLinkPaymentSchema>;

/** What the hosted checkout page's form posts (the card number may hold spaces; the schema drops them). */
export type CheckoutPayRequest = z.input<typeof checkoutPayRequest>;

/** The card brand of a card number, by its first digits (payMethodName of the payment). */
export function cardBrand(cardNumber: string): string {
  if (/^3[47]/.test(cardNumber)) return 'AMEX';
  if (/^35/.test(cardNumber)) return 'JCB';
  if (/^4/.test(cardNumber)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'MASTERCARD';
  return 'CARD';
}
