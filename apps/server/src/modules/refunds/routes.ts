import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REFUND_PATHS } from '@mbo/contracts/refunds';
import {
  createRefundRequest,
  listRefundsRequest,
  refundDetailRequest,
  refundDetailSchema,
  refundPageSchema,
  refundRecordSchema,
} from '@mbo/contracts/refunds-schemas';
import { ok } from '../../lib/envelope';
import { query, reads, writes } from '../../lib/route-options';
import { idempotencyKeyFrom } from '../idempotency';
import { createRefund } from './create-refund';
import { listRefunds } from './list-refunds';
import { refundDetail } from './refund-detail';
import { sandboxRefundJob } from './sandbox-refund-job';

/**
 * Refunds: create (API_PAYMENT_REFUND, idempotent), list, detail; and the sandbox processor's job that finishes them.
 */
export default async function refundRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register(sandboxRefundJob);
  app.post(
    REFUND_PATHS.create,
    writes({ permission: 'API_PAYMENT_REFUND' }, createRefundRequest, refundRecordSchema),
    async (request) => {
      const input = request.body;
      const key = idempotencyKeyFrom(request.headers);
      const { merchantId, userId, email } = request.auth;
      const refund = await createRefund(app.db, { merchantId, userId, email, ip: request.ip }, input, key, {
        jobs: app.jobs,
        delayMs: app.config.sandboxRefundDelayMs,
      });
      return ok(refund, { key: 'refunds.submitted' });
    },
  );

  app.post(
    REFUND_PATHS.list,
    reads({ menu: '/transactions/refunds' }, listRefundsRequest, refundPageSchema),
    async (request) => ok(await listRefunds(app.db, request.auth.merchantId, request.body)),
  );

  app.get(
    REFUND_PATHS.detail,
    query({ permission: 'PAGE_REFUNDS_DETAIL' }, refundDetailRequest, refundDetailSchema),
    async (request) => ok(await refundDetail(app.db, request.auth.merchantId, request.query.refundId)),
  );
}
