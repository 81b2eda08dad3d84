import { z } from 'zod';
import { subscriptionPlanSchema } from './subscriptions-schemas';
import { isoDateTime as isoDate, majorAmountText } from './common-schemas';
import { pageSchema } from './envelope-schemas';
import { CURRENCIES } from './money';
import { PAYMENT_LINK_MAX_DAYS, PAYMENT_LINK_SORTS, PAYMENT_LINK_STATUSES } from './payment-links';
import { PAYMENT_STATUSES } from './payments';

export const createPaymentLinkRequest = z.object({
  /**
   * Major units as a decimal string ("25.00"); zero-decimal currencies take none. At most
   * PAYMENT_LINK_MAX_AMOUNT_MINOR.
   */
  amount: majorAmountText('25.00'),
  currency: z.enum(CURRENCIES),
  description: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  reusable: z.boolean(),
  /** 1 to 30. */
  expiresInDays: z.number().int('must be a whole number of days').min(1).max(PAYMENT_LINK_MAX_DAYS),
  /** A subscription link: paying it starts an agreement charged on this plan (the amount is per cycle). */
  subscription: subscriptionPlanSchema.optional(),
});

export const listPaymentLinksRequest = z.object({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  status: z.array(z.enum(PAYMENT_LINK_STATUSES)).max(4).optional(),
  /** Link id or description. */
  keyword: z.string().trim().max(200).optional(),
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  sort: z.enum(PAYMENT_LINK_SORTS).default('createdAt:desc'),
});

const linkId = z.string().min(1, 'is required').max(64);

export const deactivatePaymentLinkRequest = z.object({ linkId });

export const paymentLinkDetailRequest = z.object({ linkId });

export const listPaymentLinkPaymentsRequest = z.object({
  linkId,
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
});

/** What the hosted checkout page posts (test cards only: this is the sandbox). */
export const checkoutPayRequest = z.object({
  email: z.string().trim().toLowerCase().email('must be a valid email address').max(254),
  name: z.string().trim().min(1, 'is required').max(100),
  cardNumber: z
    .string()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
});

export const paymentLinkRecordSchema = z.object({
  linkId: z.string(),
  url: z.string(),
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  reusable: z.boolean(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  expiresAt: z.string(),
  paidCount: z.number(),
  createdAt: z.string(),
  /**
   * A subscription link's plan (its fields, read back without the request's checks across them); null for a one-off
   * payment.
   */
  subscription: z.object(subscriptionPlanSchema.shape).nullable(),
});

export const paymentLinkPageSchema = pageSchema(paymentLinkRecordSchema);

/** A link's payments summed up (amounts in the link's currency, minor units). */
export const paymentLinkTotalsSchema = z.object({
  /** Every payment attempt on the link, whatever its outcome. */
  payments: z.number(),
  succeeded: z.number(),
  succeededAmount: z.number(),
  pending: z.number(),
  failed: z.number(),
});

/**
 * One link for its detail page. `pendingPaymentId`: a PENDING payment holds a single-use link (no
 * one else can pay it) until the payment succeeds (the link becomes PAID) or fails (it reopens).
 */
export const paymentLinkDetailSchema = paymentLinkRecordSchema.extend({
  deactivatedAt: z.string().nullable(),
  totals: paymentLinkTotalsSchema,
  pendingPaymentId: z.string().nullable(),
});

/** A payment made through a link, as its detail page lists it (the card as brand + last 4 at most). */
export const paymentLinkPaymentSchema = z.object({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  currency: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  payMethodName: z.string(),
  cardLast4: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const paymentLinkPaymentPageSchema = pageSchema(paymentLinkPaymentSchema);
