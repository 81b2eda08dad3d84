import type { FastifyInstance } from 'fastify';
import { ACCOUNT_PATHS } from '@mbo/contracts/account';
import { ok } from '../../lib/envelope';
import { listBalances } from './list-balances';

/** The merchant's account: balances per currency. */
export default async function accountRoutes(app: FastifyInstance) {
  app.get(ACCOUNT_PATHS.balances, { config: { access: { menu: '/account/balance' } } }, async (request) => ok(await listBalances(app.db, request.auth.merchantId)));
}
