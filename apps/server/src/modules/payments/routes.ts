import type { FastifyInstance } from 'fastify';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { listPaymentsRequest, paymentDetailRequest, paymentFiltersSchema, paymentKpisRequest } from '@mbo/contracts/payments-schemas';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validate';
import { listPayments, paymentStatusCounts } from './list-payments';
import { paymentDetail } from './payment-detail';
import { paymentKpis } from './payment-kpis';

/** Payments of the active merchant: list, status counts, detail, KPIs. Every query is scoped to the merchant. */
export default async function paymentRoutes(app: FastifyInstance) {
  app.post(PAYMENT_PATHS.list, async (request) => {
    const query = parseInput(listPaymentsRequest, request.body);
    return ok(await listPayments(app.db, request.auth.merchantId, query));
  });

  app.post(PAYMENT_PATHS.statusCount, async (request) => {
    const filters = parseInput(paymentFiltersSchema, request.body);
    return ok(await paymentStatusCounts(app.db, request.auth.merchantId, filters));
  });

  app.get(PAYMENT_PATHS.detail, async (request) => {
    const { paymentId } = parseInput(paymentDetailRequest, request.query);
    return ok(await paymentDetail(app.db, request.auth.merchantId, paymentId));
  });

  app.get(PAYMENT_PATHS.kpis, async (request) => {
    const { currency } = parseInput(paymentKpisRequest, request.query);
    return ok(await paymentKpis(app.db, request.auth.merchantId, currency));
  });
}
