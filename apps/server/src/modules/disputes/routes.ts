import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACQUIRING_PATHS } from '@mbo/contracts/acquiring';
import { disputeStatusCountRequest, disputeStatusCountResponseSchema } from '@mbo/contracts/acquiring-schemas';
import { DISPUTE_PATHS } from '@mbo/contracts/disputes';
import {
  acceptDisputeRequest,
  disputeDetailRequest,
  disputeDetailSchema,
  disputePageSchema,
  listDisputesRequest,
  saveEvidenceRequest,
  submitDisputeRequest,
} from '@mbo/contracts/disputes-schemas';
import { ok } from '../../lib/envelope';
import { query, reads, writes } from '../../lib/route-options';
import { disputeDueDatesJob } from './dispute-due-job';
import { acceptDispute, saveEvidence, submitDispute, type DisputeActor } from './dispute-actions';
import { listDisputes, readDisputeDetail } from './read-disputes';
import { sandboxDecideDisputeJob } from './sandbox-decide-job';
import { sandboxOpenDisputeJob } from './sandbox-open-dispute-job';
import { disputeStatusCount } from './status-count';

const LIST_MENU = '/transactions/disputes';

/**
 * Disputes: the alert count, the list and detail (the disputes menu; the detail also PAGE_DISPUTES_DETAIL),
 * and the merchant's actions (API_DISPUTES_UPDATE). Evidence files and documents: evidence-routes.ts.
 */
export default async function disputeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register(sandboxDecideDisputeJob, sandboxOpenDisputeJob, disputeDueDatesJob);
  const actorOf = (request: {
    auth: { merchantId: string; userId: string; email: string };
    ip: string;
  }): DisputeActor => ({
    merchantId: request.auth.merchantId,
    userId: request.auth.userId,
    email: request.auth.email,
    ip: request.ip,
  });

  app.get(
    ACQUIRING_PATHS.disputeStatusCount,
    query({ permission: 'API_DISPUTES_STATUS_COUNT' }, disputeStatusCountRequest, disputeStatusCountResponseSchema),
    async (request) => ok(await disputeStatusCount(app.db, request.auth.merchantId, request.query.disputeStatus)),
  );

  app.post(
    DISPUTE_PATHS.list,
    reads({ menu: LIST_MENU }, listDisputesRequest, disputePageSchema, 'replica'),
    async (request) => ok(await listDisputes(app.db, request.auth.merchantId, request.body, request.reader)),
  );

  app.get(
    DISPUTE_PATHS.detail,
    query({ permission: 'PAGE_DISPUTES_DETAIL' }, disputeDetailRequest, disputeDetailSchema),
    async (request) => ok(await readDisputeDetail(app.db, request.auth.merchantId, request.query.disputeId)),
  );

  app.post(
    DISPUTE_PATHS.saveEvidence,
    writes({ permission: 'API_DISPUTES_UPDATE' }, saveEvidenceRequest, disputeDetailSchema),
    async (request) =>
      ok(await saveEvidence(app.db, actorOf(request), request.body.disputeId, request.body.evidence), {
        key: 'disputes.draftSaved',
      }),
  );

  app.post(
    DISPUTE_PATHS.submit,
    writes({ permission: 'API_DISPUTES_UPDATE' }, submitDisputeRequest, disputeDetailSchema),
    async (request) =>
      ok(
        await submitDispute(app.db, actorOf(request), request.body.disputeId, request.body.evidence, {
          jobs: app.jobs,
          delayMs: app.config.sandboxDisputeDecisionDelayMs,
        }),
        { key: 'disputes.evidenceSubmitted' },
      ),
  );

  app.post(
    DISPUTE_PATHS.accept,
    writes({ permission: 'API_DISPUTES_UPDATE' }, acceptDisputeRequest, disputeDetailSchema),
    async (request) =>
      ok(await acceptDispute(app.db, actorOf(request), request.body.disputeId, app.jobs), { key: 'disputes.accepted' }),
  );
}
