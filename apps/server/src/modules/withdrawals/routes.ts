import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WITHDRAWAL_PATHS } from '@mbo/contracts/withdrawals';
import {
  cancelWithdrawalRequest,
  createWithdrawalRequest,
  listWithdrawalsRequest,
  withdrawalDetailRequest,
  withdrawalDetailSchema,
  withdrawalPageSchema,
  withdrawalRecordSchema,
  withdrawConfigSchema,
} from '@mbo/contracts/withdrawals-schemas';
import { actorOf } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { answers, query, reads, writes } from '../../lib/route-options';
import { idempotencyKeyFrom } from '../idempotency';
import { registerApprovalHandler } from '../approvals';
import { cancelWithdrawal } from './cancel-withdrawal';
import { createWithdrawal } from './create-withdrawal';
import { withdrawalApprovalHandler } from './decide-withdrawal';
import { listWithdrawals, readWithdrawalDetail } from './read-withdrawals';
import { sandboxBankJob } from './sandbox-bank-job';
import { readWithdrawConfig } from './withdraw-config';

const MENU = { menu: '/account/withdraw' } as const;
const CREATE = { permission: 'API_WITHDRAW_CREATE' } as const;

/**
 * Withdrawals: the page's configuration, the history and detail (the withdraw menu), create and cancel
 * (API_WITHDRAW_CREATE), the sandbox bank's job, and the checker's decision (approvals).
 */
export default async function withdrawalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register(sandboxBankJob);
  registerApprovalHandler('WITHDRAWAL', withdrawalApprovalHandler);

  app.get(WITHDRAWAL_PATHS.config, answers(MENU, withdrawConfigSchema), async (request) =>
    ok(await readWithdrawConfig(app.db, request.auth.merchantId)),
  );

  app.post(
    WITHDRAWAL_PATHS.list,
    reads(MENU, listWithdrawalsRequest, withdrawalPageSchema, 'replica'),
    async (request) => ok(await listWithdrawals(app.db, request.auth.merchantId, request.body, request.reader)),
  );

  app.get(WITHDRAWAL_PATHS.detail, query(MENU, withdrawalDetailRequest, withdrawalDetailSchema), async (request) =>
    ok(await readWithdrawalDetail(app.db, request.auth.merchantId, request.query.withdrawalId)),
  );

  app.post(
    WITHDRAWAL_PATHS.create,
    writes(CREATE, createWithdrawalRequest, withdrawalRecordSchema),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      const record = await createWithdrawal(app.db, actorOf(request), request.body, key, {
        jobs: app.jobs,
        delayMs: app.config.sandboxWithdrawalDelayMs,
      });
      return ok(record, { key: 'withdrawals.submitted' });
    },
  );

  app.post(WITHDRAWAL_PATHS.cancel, writes(CREATE, cancelWithdrawalRequest, withdrawalRecordSchema), async (request) =>
    ok(await cancelWithdrawal(app.db, actorOf(request), request.body.withdrawalId), { key: 'withdrawals.cancelled' }),
  );
}
