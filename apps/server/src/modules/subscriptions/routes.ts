import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AGREEMENT_PATHS } from '@mbo/contracts/subscriptions';
import {
  agreementDetailRequest,
  agreementDetailSchema,
  agreementPageSchema,
  cancelAgreementRequest,
  listAgreementsRequest,
} from '@mbo/contracts/subscriptions-schemas';
import { actorOf } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { query, reads, writes } from '../../lib/route-options';
import { cancelAgreement } from './cancel-agreement';
import { chargeDueAgreementsJob } from './charge-job';
import { listAgreements, readAgreementDetail } from './read-agreements';

/**
 * Subscriptions → Agreements: the list, the detail and cancel; the charge job. Access decided on the server for every
 * call.
 */
export default async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register(chargeDueAgreementsJob);

  app.post(
    AGREEMENT_PATHS.list,
    reads({ menu: '/subscription/agreements' }, listAgreementsRequest, agreementPageSchema, 'replica'),
    async (request) => ok(await listAgreements(app.db, request.auth.merchantId, request.body, request.reader)),
  );

  app.get(
    AGREEMENT_PATHS.detail,
    query({ permission: 'PAGE_AGREEMENT_DETAIL' }, agreementDetailRequest, agreementDetailSchema),
    async (request) => ok(await readAgreementDetail(app.db, request.auth.merchantId, request.query.agreementId)),
  );

  app.post(
    AGREEMENT_PATHS.cancel,
    writes({ permission: 'API_SUBSCRIPTION_AGREEMENTS_CANCEL' }, cancelAgreementRequest, agreementDetailSchema),
    async (request) => {
      await cancelAgreement(
        app.db,
        actorOf(request),
        request.body.agreementId,
        request.body.when,
        new Date(),
        app.jobs,
      );
      return ok(await readAgreementDetail(app.db, request.auth.merchantId, request.body.agreementId));
    },
  );
}
