import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MERCHANT_API_PATHS as P } from '@mbo/contracts/merchant-api';
import {
  apiCreatePaymentLinkRequest,
  apiCreateRefundRequest,
  apiDisputeSchema,
  apiIdParams,
  apiListDisputesQuery,
  apiListPaymentsQuery,
  apiListPayoutsQuery,
  apiListSchema,
  apiListSettlementsQuery,
  apiPaymentLinkSchema,
  apiPaymentSchema,
  apiPayoutSchema,
  apiRefundSchema,
  apiSettlementSchema,
} from '@mbo/contracts/merchant-api-schemas';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { idempotencyKey } from '@mbo/contracts/refunds-schemas';
import { idempotencyKeyFrom } from '../idempotency';
import { createPaymentLink } from '../payment-links';
import { createRefund } from '../refunds';
import { found } from './api-errors';
import { apiPayment, apiPaymentLink, apiRefund, paymentLinkRecordToApi, refundRecordToApi } from './api-objects';
import { listApiDisputes, listApiPayments, listApiPayouts, listApiSettlements } from './list-objects';
import { responses } from './route-schemas';

const API_KEY = { access: 'api-key' } as const;
const LIST_ERRORS = [400] as const;
const GET_ERRORS = [400, 404] as const;
const paymentList = apiListSchema(apiPaymentSchema, 'Payment');
const disputeList = apiListSchema(apiDisputeSchema, 'Dispute');
const settlementList = apiListSchema(apiSettlementSchema, 'Settlement');
const payoutList = apiListSchema(apiPayoutSchema, 'Payout');
const refundHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: idempotencyKey.meta({
    description:
      'Required. A unique key per refund (8 to 255 printable characters, e.g. a UUID): a retry with the same key and body answers the first result; the same key with another body is a 409.',
  }),
});
const PAGING =
  "Newest first, 1 to 100 a page (limit, default 20); pass the answer's nextCursor as starting_after for the next page.";

/**
 * The merchant REST API's resources (mounted under /api/v1 by merchant-api-plugin.ts). Every call is
 * scoped to the key's merchant: another merchant's id is a 404, as an unknown one. Creates run the
 * back-office's own services (same rules, codes and idempotency), the actor being the key.
 */
export default async function merchantApiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post(
    P.paymentLinks,
    {
      config: API_KEY,
      schema: {
        tags: ['Payment links'],
        operationId: 'createPaymentLink',
        summary: 'Create a payment link',
        description:
          'A hosted checkout page for an amount (major units as decimal text, e.g. "25.00"; none in zero-decimal currencies), valid 1 to 30 days; with `subscription` paying it starts a subscription.',
        body: apiCreatePaymentLinkRequest,
        response: responses(apiPaymentLinkSchema, 'The payment link created.', [400]),
      },
    },
    async (request) => {
      const { merchantId, keyId } = request.apiKey;
      const link = await createPaymentLink(
        db,
        { merchantId, userId: null, email: null, apiKeyId: keyId },
        request.body,
        { publicUrl: app.config.publicUrl, ip: request.ip },
      );
      return paymentLinkRecordToApi(link);
    },
  );

  app.get(
    P.paymentLink,
    {
      config: API_KEY,
      schema: {
        tags: ['Payment links'],
        operationId: 'getPaymentLink',
        summary: 'Retrieve a payment link',
        params: apiIdParams,
        response: responses(apiPaymentLinkSchema, 'The payment link.', GET_ERRORS),
      },
    },
    async (request) =>
      found(
        await apiPaymentLink(db, request.apiKey.merchantId, request.params.id, app.config.publicUrl),
        'payment link',
        request.params.id,
      ),
  );

  app.get(
    P.payments,
    {
      config: API_KEY,
      schema: {
        tags: ['Payments'],
        operationId: 'listPayments',
        summary: 'List payments',
        description: `${PAGING} Filters: status, currency, merchantOrderNo, createdFrom/createdTo.`,
        querystring: apiListPaymentsQuery,
        response: responses(paymentList, 'A page of payments.', LIST_ERRORS),
      },
    },
    async (request) => listApiPayments(db, request.apiKey.merchantId, request.query),
  );

  app.get(
    P.payment,
    {
      config: API_KEY,
      schema: {
        tags: ['Payments'],
        operationId: 'getPayment',
        summary: 'Retrieve a payment',
        params: apiIdParams,
        response: responses(apiPaymentSchema, 'The payment.', GET_ERRORS),
      },
    },
    async (request) =>
      found(await apiPayment(db, request.apiKey.merchantId, request.params.id), 'payment', request.params.id),
  );

  app.post(
    P.refunds,
    {
      config: API_KEY,
      schema: {
        tags: ['Refunds'],
        operationId: 'createRefund',
        summary: 'Refund a payment',
        description:
          'Refunds a successful payment once, within 180 days, up to its amount (major units as decimal text, e.g. "12.50"). The refund starts PROCESSING. Idempotent with the Idempotency-Key header.',
        headers: refundHeaders,
        body: apiCreateRefundRequest,
        response: responses(
          apiRefundSchema,
          'The refund created (or, for a retried key, the first answer).',
          [400, 404, 409],
        ),
      },
    },
    async (request) => {
      const { merchantId, keyId } = request.apiKey;
      const refund = await createRefund(
        db,
        { merchantId, userId: null, email: null, ip: request.ip, apiKeyId: keyId },
        request.body,
        idempotencyKeyFrom(request.headers),
        { jobs: app.jobs, delayMs: app.config.sandboxRefundDelayMs },
      );
      return refundRecordToApi(refund);
    },
  );

  app.get(
    P.refund,
    {
      config: API_KEY,
      schema: {
        tags: ['Refunds'],
        operationId: 'getRefund',
        summary: 'Retrieve a refund',
        params: apiIdParams,
        response: responses(apiRefundSchema, 'The refund.', GET_ERRORS),
      },
    },
    async (request) =>
      found(await apiRefund(db, request.apiKey.merchantId, request.params.id), 'refund', request.params.id),
  );

  app.get(
    P.disputes,
    {
      config: API_KEY,
      schema: {
        tags: ['Disputes'],
        operationId: 'listDisputes',
        summary: 'List disputes',
        description: `${PAGING} Filters: status, createdFrom/createdTo.`,
        querystring: apiListDisputesQuery,
        response: responses(disputeList, 'A page of disputes.', LIST_ERRORS),
      },
    },
    async (request) => listApiDisputes(db, request.apiKey.merchantId, request.query),
  );

  app.get(
    P.settlements,
    {
      config: API_KEY,
      schema: {
        tags: ['Settlements'],
        operationId: 'listSettlements',
        summary: 'List settlements',
        description: `${PAGING} Filters: status, currency, createdFrom/createdTo.`,
        querystring: apiListSettlementsQuery,
        response: responses(settlementList, 'A page of settlements.', LIST_ERRORS),
      },
    },
    async (request) => listApiSettlements(db, request.apiKey.merchantId, request.query),
  );

  app.get(
    P.payouts,
    {
      config: API_KEY,
      schema: {
        tags: ['Payouts'],
        operationId: 'listPayouts',
        summary: 'List payouts',
        description: `${PAGING} Filters: status, currency, createdFrom/createdTo.`,
        querystring: apiListPayoutsQuery,
        response: responses(payoutList, 'A page of payouts.', LIST_ERRORS),
      },
    },
    async (request) => listApiPayouts(db, request.apiKey.merchantId, request.query),
  );
}
