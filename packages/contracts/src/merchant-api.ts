/**
 * The merchant REST API (/api/v1, `Authorization: Bearer sk_test_…`): paths and the types of its
 * objects, inferred from merchant-api-schemas.ts (type-only imports: no zod reaches the web app).
 * The back-office's own calls are elsewhere; the API's OpenAPI document is at OPENAPI_URL.
 */
import type { z } from 'zod';
import type {
  apiCreatePaymentLinkRequest,
  apiCreateRefundRequest,
  apiDisputeSchema,
  apiErrorSchema,
  apiListDisputesQuery,
  apiListPaymentsQuery,
  apiListPayoutsQuery,
  apiListSettlementsQuery,
  apiPageQuery,
  apiPaymentLinkSchema,
  apiPaymentSchema,
  apiPayoutSchema,
  apiRefundSchema,
  apiSettlementSchema,
  apiSubscriptionSchema,
} from './merchant-api-schemas';

export const MERCHANT_API_PREFIX = '/api/v1';

/** Paths under MERCHANT_API_PREFIX (Fastify's `:id` parameters). */
export const MERCHANT_API_PATHS = {
  paymentLinks: '/payment_links',
  paymentLink: '/payment_links/:id',
  payments: '/payments',
  payment: '/payments/:id',
  refunds: '/refunds',
  refund: '/refunds/:id',
  disputes: '/disputes',
  settlements: '/settlements',
  payouts: '/payouts',
  openapi: '/openapi.json',
} as const;

/** The `object` of each API object. */
export const API_OBJECT_NAMES = [
  'payment',
  'refund',
  'payment_link',
  'dispute',
  'settlement',
  'payout',
  'subscription',
  'list',
] as const;
export type ApiObjectName = (typeof API_OBJECT_NAMES)[number];

export type ApiPayment = z.infer<typeof apiPaymentSchema>;
export type ApiRefund = z.infer<typeof apiRefundSchema>;
export type ApiPaymentLink = z.infer<typeof apiPaymentLinkSchema>;
export type ApiDispute = z.infer<typeof apiDisputeSchema>;
export type ApiSettlement = z.infer<typeof apiSettlementSchema>;
export type ApiPayout = z.infer<typeof apiPayoutSchema>;
/** A subscription is an agreement of the back-office (subscriptions.ts AgreementRecord). */
export type ApiSubscription = z.infer<typeof apiSubscriptionSchema>;
export type ApiObject =
  ApiPayment | ApiRefund | ApiPaymentLink | ApiDispute | ApiSettlement | ApiPayout | ApiSubscription;

/** A page of a list, newest first; `nextCursor` is the `starting_after` of the next page. */
export interface ApiList<T> {
  object: 'list';
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface ApiErrorBody {
  error: z.infer<typeof apiErrorSchema>['error'];
}

export type ApiPageQuery = z.output<typeof apiPageQuery>;
export type ApiListPaymentsQuery = z.output<typeof apiListPaymentsQuery>;
export type ApiListDisputesQuery = z.output<typeof apiListDisputesQuery>;
export type ApiListSettlementsQuery = z.output<typeof apiListSettlementsQuery>;
export type ApiListPayoutsQuery = z.output<typeof apiListPayoutsQuery>;
export type ApiCreatePaymentLinkRequest = z.infer<typeof apiCreatePaymentLinkRequest>;
export type ApiCreateRefundRequest = z.infer<typeof apiCreateRefundRequest>;
