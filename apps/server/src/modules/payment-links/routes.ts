import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import {
  createPaymentLinkRequest,
  deactivatePaymentLinkRequest,
  listPaymentLinkPaymentsRequest,
  listPaymentLinksRequest,
  paymentLinkDetailRequest,
  paymentLinkDetailSchema,
  paymentLinkPageSchema,
  paymentLinkPaymentPageSchema,
  paymentLinkRecordSchema,
} from '@mbo/contracts/payment-links-schemas';
import { ok } from '../../lib/envelope';
import { query, reads, writes } from '../../lib/route-options';
import checkoutRoutes from './checkout-routes';
import { createPaymentLink } from './create-payment-link';
import { deactivatePaymentLink } from './deactivate-payment-link';
import { listLinkPayments } from './list-link-payments';
import { listPaymentLinks } from './list-payment-links';
import { getPaymentLinkDetail } from './payment-link-detail';

/**
 * Payment links for the merchant (list, detail with its payments, create, deactivate) and the public hosted checkout.
 */
export default async function paymentLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const MANAGE = { permission: 'API_PAYMENT_LINK_ADD' } as const;
  const DETAIL = { permission: 'PAGE_PAYMENT_LINK_DETAIL' } as const;

  app.post(
    PAYMENT_LINK_PATHS.list,
    reads({ menu: '/transactions/payment_link' }, listPaymentLinksRequest, paymentLinkPageSchema),
    async (request) => ok(await listPaymentLinks(app.db, request.auth.merchantId, request.body, app.config.publicUrl)),
  );

  app.get(
    PAYMENT_LINK_PATHS.detail,
    query(DETAIL, paymentLinkDetailRequest, paymentLinkDetailSchema),
    async (request) =>
      ok(await getPaymentLinkDetail(app.db, request.auth.merchantId, request.query.linkId, app.config.publicUrl)),
  );

  app.post(
    PAYMENT_LINK_PATHS.payments,
    reads(DETAIL, listPaymentLinkPaymentsRequest, paymentLinkPaymentPageSchema),
    async (request) => ok(await listLinkPayments(app.db, request.auth.merchantId, request.body)),
  );

  app.post(
    PAYMENT_LINK_PATHS.create,
    writes(MANAGE, createPaymentLinkRequest, paymentLinkRecordSchema),
    async (request) => {
      const link = await createPaymentLink(app.db, request.auth, request.body, {
        publicUrl: app.config.publicUrl,
        ip: request.ip,
      });
      return ok(link, { key: 'paymentLinks.created' });
    },
  );

  app.post(
    PAYMENT_LINK_PATHS.deactivate,
    writes(MANAGE, deactivatePaymentLinkRequest, paymentLinkRecordSchema),
    async (request) => {
      const link = await deactivatePaymentLink(app.db, request.auth, request.body.linkId, {
        publicUrl: app.config.publicUrl,
        ip: request.ip,
      });
      return ok(link, { key: 'paymentLinks.deactivated' });
    },
  );

  await app.register(checkoutRoutes);
}
