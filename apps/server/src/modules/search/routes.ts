import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SEARCH_PATHS } from '@mbo/contracts/search';
import { searchRequest, searchResultsSchema } from '@mbo/contracts/search-schemas';
import { ok } from '../../lib/envelope';
import { reads } from '../../lib/route-options';
import { searchRecords } from './search-records';

/**
 * The header's global search. 'signed-in' because one call serves every kind: the call itself searches
 * only the kinds whose list and detail routes the user's grants open (search-records.ts KIND_GRANTS).
 */
export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(SEARCH_PATHS.search, reads('signed-in', searchRequest, searchResultsSchema), async (request) =>
    ok(await searchRecords(app.db, request.auth, request.body.query)),
  );
}
