/** Payment links and the hosted checkout: paths, constants and types. Schemas: payment-links-schemas.ts. */
export const PAYMENT_LINK_PATHS = {
  list: '/acquiring/web/v1/payment-link/list',
  create: '/acquiring/web/v1/payment-link/create',
  deactivate: '/acquiring/web/v1/payment-link/deactivate',
  /** The hosted checkout page, outside /app/ and without login: `${checkout}/${linkId}`. */
  checkout: '/pay',
} as const;

export const PAYMENT_LINK_STATUSES = ['ACTIVE', 'PAID', 'EXPIRED', 'DEACTIVATED'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];
export const PAYMENT_LINK_MAX_DAYS = 30;
/** The expiry choices the create form offers (any whole number of days from 1 to 30 is accepted). */
export const PAYMENT_LINK_EXPIRY_PRESETS = [1, 7, 14, 30] as const;

export const PAYMENT_LINK_SORTS = ['createdAt:desc', 'createdAt:asc', 'expiresAt:asc', 'amount:desc', 'amount:asc'] as const;
export type PaymentLinkSort = (typeof PAYMENT_LINK_SORTS)[number];

/**
 * The sandbox's test cards (README): any future expiry and any 3-digit CVC.
 * SUCCESS pays, DECLINED fails, PENDING stays pending.
 */
export const TEST_CARDS = {
  SUCCESS: '4242424242424242',
  DECLINED: '4000000000000002',
  PENDING: '4000000000000259',
} as const;

export interface CreatePaymentLinkRequest {
  /** Major units as a decimal string ("25.00"); zero-decimal currencies take none. */
  amount: string;
  currency: string;
  description: string;
  reusable: boolean;
  /** 1 to 30. */
  expiresInDays: number;
}

export interface PaymentLinkRecord {
  linkId: string;
  url: string;
  amount: number;
  currency: string;
  description: string;
  reusable: boolean;
  status: PaymentLinkStatus;
  expiresAt: string;
  paidCount: number;
  createdAt: string;
}

export interface PaymentLinkFilters {
  status?: PaymentLinkStatus[];
  /** Link id or description. */
  keyword?: string;
  createdFrom?: string;
  createdTo?: string;
}

export interface ListPaymentLinksRequest extends PaymentLinkFilters {
  pageNum?: number;
  pageSize?: number;
  sort?: PaymentLinkSort;
}

export interface DeactivatePaymentLinkRequest {
  linkId: string;
}

/** The card brand of a card number, by its first digits (payMethodName of the payment). */
export function cardBrand(cardNumber: string): string {
  if (/^3[47]/.test(cardNumber)) return 'AMEX';
  if (/^35/.test(cardNumber)) return 'JCB';
  if (/^4/.test(cardNumber)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'MASTERCARD';
  return 'CARD';
}
