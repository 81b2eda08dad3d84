import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPROVAL_PATHS } from '@mbo/contracts/approvals';
import {
  approvalDecisionRequest,
  approvalItemSchema,
  approvalRulesSchema,
  updateApprovalRulesRequest,
} from '@mbo/contracts/approvals-schemas';
import { actorOf } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { answers, writes } from '../../lib/route-options';
import { approvalRulesOf } from './approval-rules';
import { decideApproval, listAwaitingApproval, updateApprovalRules } from './approvals';

const READ = { menu: '/account/withdraw' } as const;
const DECIDE = { permission: 'API_PAYOUT_APPROVE' } as const;

/**
 * Maker-checker: the thresholds and what awaits approval (the withdraw menu), decisions and rule changes
 * (API_PAYOUT_APPROVE).
 */
export default async function approvalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    jobs: app.jobs,
    withdrawalDelayMs: app.config.sandboxWithdrawalDelayMs,
    payoutDelayMs: app.config.sandboxPayoutDelayMs,
  });

  app.get(APPROVAL_PATHS.rules, answers(READ, approvalRulesSchema), async (request) =>
    ok(await approvalRulesOf(app.db, request.auth.merchantId)),
  );
  app.get(APPROVAL_PATHS.pending, answers(READ, z.array(approvalItemSchema)), async (request) =>
    ok(await listAwaitingApproval(app.db, request.auth.merchantId)),
  );
  app.post(
    APPROVAL_PATHS.updateRules,
    writes(DECIDE, updateApprovalRulesRequest, approvalRulesSchema),
    async (request) =>
      ok(await updateApprovalRules(app.db, actorOf(request), request.body.thresholds), { key: 'approvals.rulesSaved' }),
  );
  app.post(APPROVAL_PATHS.approve, writes(DECIDE, approvalDecisionRequest, z.null()), async (request) => {
    await decideApproval(app.db, actorOf(request), request.body.kind, request.body.id, 'APPROVE', deps());
    return ok(null, { key: 'approvals.approved' });
  });
  app.post(APPROVAL_PATHS.reject, writes(DECIDE, approvalDecisionRequest, z.null()), async (request) => {
    await decideApproval(
      app.db,
      actorOf(request),
      request.body.kind,
      request.body.id,
      'REJECT',
      deps(),
      request.body.reason,
    );
    return ok(null, { key: 'approvals.rejected' });
  });
}
