import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { guardApiCall } from '../api-keys';
import { registerEventObjectReaders } from '../domain-events';
import { apiErrorHandler, apiNotFoundHandler } from './api-errors';
import { EVENT_OBJECT_READERS } from './event-object-readers';
import { registerOpenApi } from './openapi';
import merchantApiRoutes from './routes';

/**
 * The merchant REST API, an encapsulated scope registered with `{ prefix: '/api/v1' }`. Apart from the
 * back-office: a Bearer API key instead of the session cookie (api-call-guard.ts: the key, then its
 * rate limit), REST statuses and `{ error }` bodies instead of the envelope (api-errors.ts), and
 * answers serialized (and checked) by their zod schemas, from which the OpenAPI document is made.
 * Its objects are also what webhook events carry: their readers are registered with domain-events here.
 */
export default async function merchantApiPlugin(scope: FastifyInstance) {
  registerEventObjectReaders(EVENT_OBJECT_READERS);
  scope.setSerializerCompiler(serializerCompiler);
  scope.setErrorHandler(apiErrorHandler(scope));
  scope.setNotFoundHandler(apiNotFoundHandler);
  // Every call but the public document needs a key, unknown paths included (nothing is learnt without one).
  scope.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.access === 'public') return;
    await guardApiCall(scope, request, reply);
  });
  await registerOpenApi(scope);
  await scope.register(merchantApiRoutes);
}
