import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAYIN_SERVICE_PATHS } from '@mbo/contracts/payin-services';
import {
  grayMerchantAnswerSchema,
  listPayinServicesRequest,
  payinServicePageSchema,
  userFeeConfigSchema,
} from '@mbo/contracts/payin-services-schemas';
import { ok } from '../../lib/envelope';
import { answers, reads } from '../../lib/route-options';
import { envelopeResponses } from '../../lib/route-responses';
import { grayMerchantAnswer } from './gray-release';
import { listPayinServices, userFeeConfig } from './list-payin-services';

/**
 * Pay-in services of the active merchant (Services → Pay-in services, direct-payment merchants), its
 * fee configuration and its release group. Every query is scoped to the session's merchant.
 */
export default async function payinServiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    PAYIN_SERVICE_PATHS.list,
    reads({ menu: '/services/payin' }, listPayinServicesRequest, payinServicePageSchema),
    async (request) => ok(await listPayinServices(app.db, request.auth.merchantId, request.body)),
  );

  // Read by the client outside the page (spec section 7): any role, but only a merchant that takes payments has fees.
  app.get(
    PAYIN_SERVICE_PATHS.userFeeConfig,
    answers({ products: ['DIRECT_PAYMENT'] }, userFeeConfigSchema),
    async (request) => ok(await userFeeConfig(app.db, request.auth.merchantId)),
  );

  // The client keeps merchantGray in its global state (spec section 3): every signed-in user, every product.
  app.post(
    PAYIN_SERVICE_PATHS.isGrayMerchant,
    { config: { access: 'signed-in', reads: true }, schema: { response: envelopeResponses(grayMerchantAnswerSchema) } },
    async (request) => ok(await grayMerchantAnswer(app.db, request.auth.merchantId)),
  );
}
