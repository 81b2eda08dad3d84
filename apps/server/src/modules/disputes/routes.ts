import type { FastifyInstance } from 'fastify';
import { ACQUIRING_PATHS } from '@mbo/contracts/acquiring';
import { disputeStatusCountRequest } from '@mbo/contracts/acquiring-schemas';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validate';
import { disputeStatusCount } from './status-count';

export default async function disputeRoutes(app: FastifyInstance) {
  app.get(ACQUIRING_PATHS.disputeStatusCount, { config: { permission: 'API_DISPUTES_STATUS_COUNT' } }, async (request) => {
    const { disputeStatus } = parseInput(disputeStatusCountRequest, request.query);
    return ok(await disputeStatusCount(app.db, request.auth.merchantId, disputeStatus));
  });
}
