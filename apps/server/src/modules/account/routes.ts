import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_PATHS } from '@mbo/contracts/account';
import { currencyBalanceSchema } from '@mbo/contracts/account-schemas';
import { BALANCE_TRANSACTION_PATHS } from '@mbo/contracts/balance-transactions';
import {
  balanceTransactionPageSchema,
  listBalanceTransactionsRequest,
  subMerchantBalancesSchema,
} from '@mbo/contracts/balance-transactions-schemas';
import { ok } from '../../lib/envelope';
import { answers, reads } from '../../lib/route-options';
import { listBalanceTransactions } from './list-balance-transactions';
import { listBalances, listSubMerchantBalances } from './list-balances';

/**
 * The merchant's account (Account → Balance, every product type): balances per currency, the balance
 * transactions behind them and its sub-merchants' balances. Every query is scoped to the session's merchant.
 */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const BALANCE = { access: { menu: '/account/balance' } } as const;

  app.get(ACCOUNT_PATHS.balances, answers(BALANCE.access, z.array(currencyBalanceSchema)), async (request) =>
    ok(await listBalances(app.db, request.auth.merchantId)),
  );

  app.post(
    BALANCE_TRANSACTION_PATHS.list,
    reads(BALANCE.access, listBalanceTransactionsRequest, balanceTransactionPageSchema, 'replica'),
    // The count from request.reader (the replica unless the caller has just written: plugins/read-routing.ts).
    async (request) => ok(await listBalanceTransactions(app.db, request.auth.merchantId, request.body, request.reader)),
  );

  app.get(
    BALANCE_TRANSACTION_PATHS.subMerchantBalances,
    answers(BALANCE.access, z.array(subMerchantBalancesSchema)),
    async (request) => ok(await listSubMerchantBalances(app.db, request.auth.merchantId)),
  );
}
