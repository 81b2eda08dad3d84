import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from '../../lib/app-error';
import { countCall } from '../../plugins/rate-limit';
import { authenticateApiKey } from './authenticate-api-key';

/** The rate-limit table's key of one API key's calls (apart from the named limits' keys). */
export const apiKeyLimitKey = (keyId: string) => `api-key:${keyId}`;

export function tooManyApiCallsMessage(max: number, windowMs: number): string {
  const per = windowMs === 1000 ? 'a second' : `per ${windowMs / 1000} seconds`;
  return `Too many requests for this API key: at most ${max} ${per}. Retry after the Retry-After seconds.`;
}

/**
 * The merchant API's gate, run as an onRequest hook of its encapsulated scope
 * (`scope.addHook('onRequest', (request, reply) => guardApiCall(scope, request, reply))`):
 * 1. the `Authorization: Bearer` key, read afresh from the database (a revoked key is refused on its
 *    very next call; the session cookie plays no part): sets request.apiKey, or HTTP 401 013001B040;
 * 2. the call counted against the key's limit (config apiKeyRateLimit, in PostgreSQL, so every
 *    instance shares it, on the app's clock; none when config.rateLimits is off): over it, HTTP 429
 *    with Retry-After.
 * Unknown keys are refused before anything is counted: they have no key id to count by, and a
 * guessed key (190 random bits) is not worth slowing down.
 */
export async function guardApiCall(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.apiKey = await authenticateApiKey(app.db, request.headers.authorization, request.ip);
  if (!app.config.rateLimits) return;
  const limit = app.config.apiKeyRateLimit;
  const { allowed } = await countCall(app.db, reply, apiKeyLimitKey(request.apiKey.keyId), limit, app.config.clock());
  if (allowed) return;
  request.log.warn({ rateLimit: 'api-key', keyId: request.apiKey.keyId }, 'rate limit exceeded');
  throw new AppError(ERROR_CODES.TOO_MANY_OPERATIONS, {
    status: 429,
    msg: tooManyApiCallsMessage(limit.max, limit.windowMs),
  });
}
