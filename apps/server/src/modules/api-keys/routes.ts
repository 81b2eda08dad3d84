import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INTEGRATION_PATHS } from '@mbo/contracts/integration';
import {
  apiKeyIdRequest,
  apiKeyListSchema,
  apiKeyRecordSchema,
  createApiKeyRequest,
  createdApiKeySchema,
} from '@mbo/contracts/integration-schemas';
import { actorOf } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { answers, writes } from '../../lib/route-options';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';

const INTEGRATION = { access: { menu: '/settings/integration' } } as const;
const MANAGE = { permission: 'API_KEY_MANAGE' } as const;

/**
 * Settings → Integration, API keys of the active merchant: the list (the integration menu), create
 * and revoke (API_KEY_MANAGE). Back-office calls: the session cookie, never an API key.
 */
export default async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(INTEGRATION_PATHS.apiKeys, answers(INTEGRATION.access, apiKeyListSchema), async (request) =>
    ok(await listApiKeys(app.db, request.auth.merchantId)),
  );

  app.post(INTEGRATION_PATHS.createApiKey, writes(MANAGE, createApiKeyRequest, createdApiKeySchema), async (request) =>
    ok(await createApiKey(app.db, actorOf(request), request.body.name), { key: 'apiKeys.created' }),
  );

  app.post(INTEGRATION_PATHS.revokeApiKey, writes(MANAGE, apiKeyIdRequest, apiKeyRecordSchema), async (request) =>
    ok(await revokeApiKey(app.db, actorOf(request), request.body.keyId), { key: 'apiKeys.revoked' }),
  );
}
