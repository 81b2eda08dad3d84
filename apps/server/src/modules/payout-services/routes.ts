import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAYOUT_SERVICE_PATHS } from '@mbo/contracts/payout-services';
import { listPayoutServicesRequest, payoutServicePageSchema } from '@mbo/contracts/payout-services-schemas';
import { ok } from '../../lib/envelope';
import { reads } from '../../lib/route-options';
import { listPayoutServices } from './list-payout-services';

/** Payout services (Services → Payout methods, a PAYOUT merchant's menu). */
export default async function payoutServiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    PAYOUT_SERVICE_PATHS.list,
    reads({ menu: '/services/payout' }, listPayoutServicesRequest, payoutServicePageSchema),
    async (request) => ok(await listPayoutServices(app.db, request.auth.merchantId, request.body)),
  );
}
