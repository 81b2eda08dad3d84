import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACQUIRING_PATHS } from '@mbo/contracts/acquiring';
import { disputeStatusCountRequest } from '@mbo/contracts/acquiring-schemas';
import { ok } from '../../lib/envelope';
import { disputeStatusCount } from './status-count';

export default async function disputeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    ACQUIRING_PATHS.disputeStatusCount,
    { config: { access: { permission: 'API_DISPUTES_STATUS_COUNT' } }, schema: { querystring: disputeStatusCountRequest } },
    async (request) => ok(await disputeStatusCount(app.db, request.auth.merchantId, request.query.disputeStatus)),
  );
}
