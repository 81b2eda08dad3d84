/**
 * The merchant REST API (/api/v1, `Authorization: Bearer` keys): its objects, requests and errors as
 * zod schemas. The server validates requests and serializes answers with them, and the OpenAPI
 * document is generated from them (modules/merchant-api/openapi.ts), so they are the one source of
 * the API's shape. Objects are camelCase, carry `id` and `object`, amounts in integer minor units
 * with their currency (money.ts), times as ISO 8601 strings in UTC. Types: merchant-api.ts.
 */
import { z } from 'zod';
import { DISPUTE_STATUSES, DISPUTE_TYPES } from './acquiring';
import { isoDateTime } from './common-schemas';
import { CURRENCIES } from './money';
import { PAYMENT_LINK_STATUSES } from './payment-links';
import { createPaymentLinkRequest } from './payment-links-schemas';
import { PAYMENT_STATUSES, REFUND_STATES } from './payments';
import { PAYOUT_PURPOSES } from './payout-rows';
import { PAYOUT_STATUSES } from './payouts';
import { REFUND_REASON_CODES, REFUND_STATUSES } from './refunds';
import { createRefundRequest } from './refunds-schemas';
import { SETTLEMENT_STATUSES } from './settlements';
import { AGREEMENT_STATUSES, PLAN_INTERVALS } from './subscriptions';

/** Default and largest page of a list. */
export const API_LIST_DEFAULT_LIMIT = 20;
export const API_LIST_MAX_LIMIT = 100;

const time = z
  .string()
  .meta({ format: 'date-time', description: 'ISO 8601 date-time (UTC).', example: '2026-03-01T09:30:00.000Z' });
const minor = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description} In minor units of the currency (cents for USD, yen for JPY).` });
const currency = z.string().length(3).meta({ description: 'ISO 4217 currency code.', example: 'USD' });
const objectName = <T extends string>(name: T) => z.literal(name).meta({ description: `Always "${name}".` });

export const apiCardSchema = z
  .object({ bin: z.string().nullable(), last4: z.string().nullable() })
  .meta({ description: 'The card that paid: its first digits (BIN) and last 4 digits; never the full number.' });

export const apiCustomerSchema = z
  .object({ email: z.string(), name: z.string() })
  .meta({ description: 'The paying customer.' });

export const apiPaymentSchema = z
  .object({
    id: z.string().meta({ example: 'PAY01J0000000000000000000000' }),
    object: objectName('payment'),
    merchantOrderNo: z.string().meta({ description: 'Your order number.' }),
    amount: minor('The amount paid.'),
    fee: minor('The processing fee.'),
    net: minor('Amount minus fee.'),
    currency,
    status: z.enum(PAYMENT_STATUSES),
    refundStatus: z.enum(REFUND_STATES),
    refundedAmount: minor('Refunded so far.'),
    disputeStatus: z
      .enum(DISPUTE_STATUSES)
      .nullable()
      .meta({ description: 'The status of its dispute, null when none.' }),
    description: z.string(),
    payMethodType: z.string().meta({ example: 'CARD' }),
    payMethodName: z.string().meta({ example: 'VISA' }),
    card: apiCardSchema.nullable(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2 country of the payment.' }),
    customer: apiCustomerSchema,
    failureReason: z.string().nullable(),
    paymentLinkId: z.string().nullable().meta({ description: 'The payment link it was paid through, if any.' }),
    subscriptionId: z.string().nullable().meta({ description: 'The subscription (agreement) it charged, if any.' }),
    createdAt: time,
    paidAt: time.nullable(),
  })
  .meta({ id: 'Payment', description: 'A payment from a customer.' });

export const apiRefundSchema = z
  .object({
    id: z.string().meta({ example: 'REF01J0000000000000000000000' }),
    object: objectName('refund'),
    paymentId: z.string(),
    amount: minor('The amount refunded.'),
    currency,
    reason: z.enum(REFUND_REASON_CODES),
    note: z.string().nullable(),
    status: z.enum(REFUND_STATUSES).meta({ description: 'PROCESSING until the processor decides it.' }),
    failureReason: z.string().nullable(),
    createdAt: time,
    finishedAt: time.nullable(),
  })
  .meta({ id: 'Refund', description: 'A refund of a payment.' });

export const apiSubscriptionPlanSchema = z
  .object({
    interval: z.enum(PLAN_INTERVALS),
    intervalCount: z.number().int(),
    cycles: z.number().int().nullable().meta({ description: 'Cycles in all; null until cancelled.' }),
  })
  .meta({ description: 'A subscription plan: charged every intervalCount intervals.' });

export const apiPaymentLinkSchema = z
  .object({
    id: z.string().meta({ example: 'PL01J0000000000000000000000' }),
    object: objectName('payment_link'),
    url: z.string().meta({ description: 'The hosted checkout page to send the customer to.' }),
    amount: minor('The amount to pay (per cycle for a subscription link).'),
    currency,
    description: z.string(),
    reusable: z.boolean().meta({ description: 'A reusable link can be paid many times.' }),
    status: z.enum(PAYMENT_LINK_STATUSES),
    expiresAt: time,
    paidCount: z.number().int(),
    subscriptionPlan: apiSubscriptionPlanSchema
      .nullable()
      .meta({ description: 'Paying starts a subscription on this plan; null for a one-off link.' }),
    createdAt: time,
  })
  .meta({ id: 'PaymentLink', description: 'A payment link: a hosted checkout page for an amount.' });

export const apiDisputeSchema = z
  .object({
    id: z.string(),
    object: objectName('dispute'),
    paymentId: z.string().nullable(),
    type: z.enum(DISPUTE_TYPES),
    status: z.enum(DISPUTE_STATUSES),
    amount: minor('The disputed amount.'),
    fee: minor('The dispute fee.'),
    currency,
    reason: z.string().meta({ description: 'The reason code, e.g. FRAUDULENT, PRODUCT_NOT_RECEIVED.' }),
    dueAt: time.nullable().meta({ description: 'Evidence must be submitted before this time.' }),
    submittedAt: time.nullable(),
    decidedAt: time.nullable(),
    createdAt: time,
  })
  .meta({ id: 'Dispute', description: 'A customer dispute or chargeback of a payment.' });

export const apiSettlementSchema = z
  .object({
    id: z.string(),
    object: objectName('settlement'),
    currency,
    settlementDay: z.string().meta({ description: 'The day it settles (YYYY-MM-DD).', example: '2026-03-02' }),
    status: z.enum(SETTLEMENT_STATUSES),
    batchCount: z.number().int(),
    paymentCount: z.number().int(),
    refundCount: z.number().int(),
    gross: minor('Payments settled.'),
    refunds: minor('Refunds deducted.'),
    fees: minor('Fees deducted.'),
    disputes: minor('Disputes deducted.'),
    reserve: minor('Reserve held back.'),
    net: minor('gross − refunds − fees − disputes − reserve: what is paid.'),
    bankReference: z.string().nullable(),
    createdAt: time,
    paidAt: time.nullable(),
  })
  .meta({ id: 'Settlement', description: "A settlement: the net of a day's clearing batches, paid to the merchant." });

export const apiPayoutSchema = z
  .object({
    id: z.string(),
    object: objectName('payout'),
    batchId: z.string().nullable().meta({ description: 'The batch file it came in, if any.' }),
    beneficiaryName: z.string(),
    country: z.string(),
    method: z.enum(['BANK_TRANSFER', 'EWALLET']),
    accountLast4: z
      .string()
      .meta({ description: 'The last digits of the account; the full number is never returned.' }),
    amount: minor('The amount paid to the beneficiary.'),
    fee: minor('The payout fee.'),
    currency,
    purpose: z.enum(PAYOUT_PURPOSES),
    reference: z.string(),
    status: z.enum(PAYOUT_STATUSES),
    failureReason: z.string().nullable(),
    bankReference: z.string().nullable(),
    createdAt: time,
    finishedAt: time.nullable(),
  })
  .meta({ id: 'Payout', description: 'A payout to a beneficiary.' });

export const apiSubscriptionSchema = z
  .object({
    id: z.string().meta({ example: 'AGR01J0000000000000000000000' }),
    object: objectName('subscription'),
    paymentLinkId: z.string().nullable(),
    customer: apiCustomerSchema,
    payMethodType: z.string(),
    payMethodName: z.string(),
    card: apiCardSchema.nullable(),
    country: z.string(),
    amount: minor('Charged per cycle.'),
    currency,
    plan: apiSubscriptionPlanSchema,
    cyclesCharged: z.number().int(),
    status: z.enum(AGREEMENT_STATUSES),
    startAt: time,
    currentPeriodStart: time,
    currentPeriodEnd: time,
    nextChargeAt: time.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    failedAttempts: z.number().int(),
    cancelledAt: time.nullable(),
    endReason: z.string().nullable(),
    totalCollected: minor('Succeeded charges together.'),
    createdAt: time,
  })
  .meta({
    id: 'Subscription',
    description: 'A subscription (recurring agreement) started by paying a subscription link.',
  });

/** A page of a list: `data` newest first; pass `nextCursor` as `starting_after` for the next page. */
export const apiListSchema = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      hasMore: z.boolean().meta({ description: 'More objects follow this page.' }),
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: 'Pass as starting_after to get the next page; null on the last page.' }),
    })
    .meta({ id: `${name}List`, description: `A page of ${name} objects, newest first.` });

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .meta({ description: 'The error catalogue code, e.g. 001000B001 (invalid request).', example: '001000B001' }),
      message: z.string().meta({ description: 'What went wrong, for a developer.' }),
      requestId: z.string().meta({ description: 'Quote it to support.' }),
      fields: z
        .array(z.object({ field: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'The invalid fields of a 400.' }),
    }),
  })
  .meta({ id: 'ApiError', description: 'An error.' });

// Requests. Strict objects: an unknown field is a 400 naming it.

/** A path's object id. */
export const apiIdParams = z.strictObject({
  id: z
    .string()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    .meta({ description: "The object's id." }),
});

/** Cursor paging of every list. */
export const apiPageQuery = z.strictObject({
  limit: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100')
    .max(API_LIST_MAX_LIMIT, 'must be between 1 and 100')
    .default(API_LIST_DEFAULT_LIMIT)
    .meta({ description: 'Objects per page, 1 to 100 (default 20).' }),
  starting_after: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: "An object id: the page starts after it (the previous page's nextCursor)." }),
  createdFrom: isoDateTime.optional().meta({ description: 'Created at or after this ISO 8601 date-time.' }),
  createdTo: isoDateTime.optional().meta({ description: 'Created at or before this ISO 8601 date-time.' }),
});

export const apiListPaymentsQuery = apiPageQuery.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
  currency: z.enum(CURRENCIES).optional(),
  merchantOrderNo: z.string().min(1).max(64).optional().meta({ description: 'Your order number, exactly.' }),
});

export const apiListDisputesQuery = apiPageQuery.extend({ status: z.enum(DISPUTE_STATUSES).optional() });
export const apiListSettlementsQuery = apiPageQuery.extend({
  status: z.enum(SETTLEMENT_STATUSES).optional(),
  currency: z.enum(CURRENCIES).optional(),
});
export const apiListPayoutsQuery = apiPageQuery.extend({
  status: z.enum(PAYOUT_STATUSES).optional(),
  currency: z.enum(CURRENCIES).optional(),
});

/** Create a payment link: the back-office's request (major units as decimal text), unknown fields refused. */
export const apiCreatePaymentLinkRequest = createPaymentLinkRequest.strict().meta({ id: 'CreatePaymentLinkRequest' });

/** Refund a payment: the back-office's request (major units as decimal text), unknown fields refused. */
export const apiCreateRefundRequest = createRefundRequest.strict().meta({ id: 'CreateRefundRequest' });
