import type { FastifyInstance } from 'fastify';
import { REFUND_PATHS, type CreateRefundRequest } from '@mbo/contracts/refunds';
import { createRefundRequest, listRefundsRequest, refundDetailRequest } from '@mbo/contracts/refunds-schemas';
import { ok } from '../../lib/envelope';
import { idempotencyKeyFrom } from '../../lib/idempotency';
import { parseInput } from '../../lib/validate';
import { createRefund } from './create-refund';
import { listRefunds } from './list-refunds';
import { refundDetail } from './refund-detail';
import { startRefundProcessor } from './sandbox-refund-processor';

/** Refunds: create (API_PAYMENT_REFUND, idempotent), list, detail; and the sandbox processor that finishes them. */
export default async function refundRoutes(app: FastifyInstance) {
  app.post(REFUND_PATHS.create, { config: { permission: 'API_PAYMENT_REFUND' } }, async (request) => {
    const input = parseInput(createRefundRequest, request.body) as CreateRefundRequest;
    const key = idempotencyKeyFrom(request.headers);
    const { merchantId, userId, email } = request.auth;
    const refund = await createRefund(app.db, { merchantId, userId, email, ip: request.ip }, input, key);
    return ok(refund, 'Refund submitted');
  });

  app.post(REFUND_PATHS.list, async (request) => {
    const query = parseInput(listRefundsRequest, request.body);
    return ok(await listRefunds(app.db, request.auth.merchantId, query));
  });

  app.get(REFUND_PATHS.detail, async (request) => {
    const { refundId } = parseInput(refundDetailRequest, request.query);
    return ok(await refundDetail(app.db, request.auth.merchantId, refundId));
  });

  const processor = startRefundProcessor(app.db, app.log);
  app.addHook('onClose', async () => {
    await processor.stop();
  });
}
