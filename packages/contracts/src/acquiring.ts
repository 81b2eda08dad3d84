/** Calls of the acquiring services that the app shell loads (spec section 7). Schemas: acquiring-schemas.ts. */
import type { z } from 'zod';
import type {
  agreementDropdownConfigsSchema,
  disputeStatusCountRequest,
  disputeStatusCountResponseSchema,
  isGrayMerchantResponseSchema,
  optionSchema,
  payMethodSchema,
} from './acquiring-schemas';

export const ACQUIRING_PATHS = {
  disputeStatusCount: '/acquiringmerchant/web/v1/dispute-order/status/count',
  agreementDropdownConfigs: '/acquiring/web/v1/agreement/dropdown-configs',
  payMethodDropdownConfigs: '/acquiring/web/v1/pay-method/dropdown-configs',
} as const;

export const DISPUTE_STATUSES = ['EVIDENCE_REQUIRED', 'UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED', 'EXPIRED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_TYPES = ['CUSTOMER_DISPUTE', 'CHARGEBACK'] as const;

/** The kinds of payment method the provider offers (a payment's payMethodType). */
export const PAYMENT_METHOD_TYPES = ['CARD', 'EWALLET', 'BANK_TRANSFER', 'QR'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
/**
 * The payment methods (a payment's payMethodName): card brands (CARD when the brand is not known), wallets,
 * banks, QR.
 */
export const PAYMENT_METHOD_NAMES = [
  'VISA',
  'MASTERCARD',
  'AMEX',
  'JCB',
  'CARD',
  'PAYPAL',
  'GCASH',
  'OVO',
  'GRABPAY',
  'SEPA',
  'IDEAL',
  'VA_BCA',
  'PAYNOW',
  'QRIS',
] as const;
export type PaymentMethodName = (typeof PAYMENT_METHOD_NAMES)[number];
export type DisputeType = (typeof DISPUTE_TYPES)[number];

export type DisputeStatusCountRequest = z.infer<typeof disputeStatusCountRequest>;
export type DisputeStatusCountResponse = z.infer<typeof disputeStatusCountResponseSchema>;
export type Option = z.infer<typeof optionSchema>;
export type AgreementDropdownConfigs = z.infer<typeof agreementDropdownConfigsSchema>;
/** One payment method the merchant can use (pay-method dropdown-configs → payMethodList). */
export type PayMethod = z.infer<typeof payMethodSchema>;
export type IsGrayMerchantResponse = z.infer<typeof isGrayMerchantResponseSchema>;
