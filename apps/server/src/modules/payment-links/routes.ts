import type { FastifyInstance } from 'fastify';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { createPaymentLinkRequest, deactivatePaymentLinkRequest, listPaymentLinksRequest } from '@mbo/contracts/payment-links-schemas';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validate';
import checkoutRoutes from './checkout-routes';
import { createPaymentLink } from './create-payment-link';
import { deactivatePaymentLink } from './deactivate-payment-link';
import { listPaymentLinks } from './list-payment-links';

/** Payment links for the merchant (list, create, deactivate) and the public hosted checkout. */
export default async function paymentLinkRoutes(app: FastifyInstance) {
  app.post(PAYMENT_LINK_PATHS.list, async (request) => {
    const query = parseInput(listPaymentLinksRequest, request.body);
    return ok(await listPaymentLinks(app.db, request.auth.merchantId, query, app.config.publicUrl));
  });

  app.post(PAYMENT_LINK_PATHS.create, { config: { permission: 'API_PAYMENT_LINK_ADD' } }, async (request) => {
    const input = parseInput(createPaymentLinkRequest, request.body);
    const link = await createPaymentLink(app.db, request.auth, input, { publicUrl: app.config.publicUrl, ip: request.ip });
    return ok(link, 'Payment link created');
  });

  app.post(PAYMENT_LINK_PATHS.deactivate, { config: { permission: 'API_PAYMENT_LINK_ADD' } }, async (request) => {
    const { linkId } = parseInput(deactivatePaymentLinkRequest, request.body);
    const link = await deactivatePaymentLink(app.db, request.auth, linkId, { publicUrl: app.config.publicUrl, ip: request.ip });
    return ok(link, 'Payment link deactivated');
  });

  await app.register(checkoutRoutes);
}
