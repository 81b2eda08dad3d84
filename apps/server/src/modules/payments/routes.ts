import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import {
  listPaymentsRequest,
  paymentDetailRequest,
  paymentDetailSchema,
  paymentFiltersSchema,
  paymentKpisRequest,
  paymentKpisSchema,
  paymentPageSchema,
  paymentStatusCountsSchema,
} from '@mbo/contracts/payments-schemas';
import { ok } from '../../lib/envelope';
import { query, reads } from '../../lib/route-options';
import { listPayments, paymentStatusCounts } from './list-payments';
import { paymentDetail } from './payment-detail';
import { paymentKpis } from './payment-kpis';

/** Payments of the active merchant: list, status counts, detail, KPIs. Every query is scoped to the merchant. */
export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const LIST = { menu: '/transactions/payments' } as const;

  // The page from the primary, its count (and the status counts, the KPIs) from request.reader: the read
  // replica when there is one and the caller has not just written (plugins/read-routing.ts).
  app.post(PAYMENT_PATHS.list, reads(LIST, listPaymentsRequest, paymentPageSchema, 'replica'), async (request) =>
    ok(await listPayments(app.db, request.auth.merchantId, request.body, request.reader)),
  );

  app.post(
    PAYMENT_PATHS.statusCount,
    reads(LIST, paymentFiltersSchema, paymentStatusCountsSchema, 'replica'),
    async (request) => ok(await paymentStatusCounts(request.reader, request.auth.merchantId, request.body)),
  );

  app.get(
    PAYMENT_PATHS.detail,
    query({ permission: 'PAGE_PAYMENTS_DETAIL' }, paymentDetailRequest, paymentDetailSchema),
    async (request) => ok(await paymentDetail(app.db, request.auth.merchantId, request.query.paymentId)),
  );

  // The home page's figures are payment data: the same grant as the list.
  app.get(PAYMENT_PATHS.kpis, query(LIST, paymentKpisRequest, paymentKpisSchema, 'replica'), async (request) =>
    ok(await paymentKpis(request.reader, request.auth.merchantId, request.query.currency)),
  );
}
