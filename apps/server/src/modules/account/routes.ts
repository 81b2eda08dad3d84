import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_PATHS } from '@mbo/contracts/account';
import { BALANCE_TRANSACTION_PATHS } from '@mbo/contracts/balance-transactions';
import { listBalanceTransactionsRequest } from '@mbo/contracts/balance-transactions-schemas';
import { ok } from '../../lib/envelope';
import { listBalanceTransactions } from './list-balance-transactions';
import { listBalances, listSubMerchantBalances } from './list-balances';

/**
 * The merchant's account (Account → Balance, every product type): balances per currency, the balance
 * transactions behind them and its sub-merchants' balances. Every query is scoped to the session's merchant.
 */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const BALANCE = { access: { menu: '/account/balance' } } as const;

  app.get(ACCOUNT_PATHS.balances, { config: BALANCE }, async (request) => ok(await listBalances(app.db, request.auth.merchantId)));

  app.post(BALANCE_TRANSACTION_PATHS.list, { config: { ...BALANCE, reads: true }, schema: { body: listBalanceTransactionsRequest } }, async (request) =>
    ok(await listBalanceTransactions(app.db, request.auth.merchantId, request.body)),
  );

  app.get(BALANCE_TRANSACTION_PATHS.subMerchantBalances, { config: BALANCE }, async (request) =>
    ok(await listSubMerchantBalances(app.db, request.auth.merchantId)),
  );
}
