import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BANK_ACCOUNT_PATHS } from '@mbo/contracts/bank-accounts';
import {
  addBankAccountRequest,
  bankAccountIdRequest,
  bankAccountNumberSchema,
  bankAccountPageSchema,
  bankAccountRecordSchema,
  listBankAccountsRequest,
} from '@mbo/contracts/bank-accounts-schemas';
import { ok } from '../../lib/envelope';
import { reads, writes } from '../../lib/route-options';
import { actorOf } from '../../lib/actor';
import {
  addBankAccount,
  listBankAccounts,
  removeBankAccount,
  revealBankAccountNumber,
  setDefaultBankAccount,
} from './bank-accounts';
import { sandboxVerifyBankAccountJob } from './sandbox-verify-job';

const MENU = '/settings/bank-accounts';
const UPDATE = { permission: 'API_BANK_ACCOUNT_UPDATE' } as const;
/** A read that writes an audit row: a permission of its own, never the menu alone. */
const REVEAL = { permission: 'API_BANK_ACCOUNT_REVEAL' } as const;

/**
 * Bank accounts: the list (the bank accounts menu), add, set default and remove (API_BANK_ACCOUNT_UPDATE),
 * the audited reveal of a full number (API_BANK_ACCOUNT_REVEAL), and the sandbox bank's verification job.
 */
export default async function bankAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register(sandboxVerifyBankAccountJob);
  const notifier = { mailer: app.mailer, publicUrl: app.config.publicUrl };

  app.post(
    BANK_ACCOUNT_PATHS.list,
    reads({ menu: MENU }, listBankAccountsRequest, bankAccountPageSchema),
    async (request) => ok(await listBankAccounts(app.db, request.auth.merchantId, request.body)),
  );

  app.post(BANK_ACCOUNT_PATHS.add, writes(UPDATE, addBankAccountRequest, bankAccountRecordSchema), async (request) =>
    ok(
      await addBankAccount(app.db, actorOf(request), request.body, {
        jobs: app.jobs,
        verifyDelayMs: app.config.sandboxBankVerifyDelayMs,
        notifier,
        secrets: app.database.secrets,
      }),
      { key: 'bankAccounts.added' },
    ),
  );

  app.post(
    BANK_ACCOUNT_PATHS.setDefault,
    writes(UPDATE, bankAccountIdRequest, bankAccountRecordSchema),
    async (request) =>
      ok(await setDefaultBankAccount(app.db, actorOf(request), request.body.bankAccountId, notifier), {
        key: 'bankAccounts.defaultChanged',
      }),
  );

  app.post(BANK_ACCOUNT_PATHS.reveal, writes(REVEAL, bankAccountIdRequest, bankAccountNumberSchema), async (request) =>
    ok(await revealBankAccountNumber(app.db, app.database.secrets, actorOf(request), request.body.bankAccountId)),
  );

  app.post(BANK_ACCOUNT_PATHS.remove, writes(UPDATE, bankAccountIdRequest, z.null()), async (request) => {
    await removeBankAccount(app.db, actorOf(request), request.body.bankAccountId, notifier);
    return ok(null, { key: 'bankAccounts.removed' });
  });
}
