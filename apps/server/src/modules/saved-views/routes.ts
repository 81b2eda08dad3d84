import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import {
  createSavedViewRequest,
  deleteSavedViewRequest,
  listSavedViewsRequest,
  savedViewSchema,
  updateSavedViewRequest,
} from '@mbo/contracts/saved-views-schemas';
import { ok } from '../../lib/envelope';
import { envelopeResponses } from '../../lib/route-responses';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from './saved-views';

/**
 * Saved views of the lists. 'signed-in' because one route serves every list: each call then checks
 * that the user's menu grants the list it names (saved-views.ts assertListAllowed).
 */
export default async function savedViewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const SIGNED_IN = { access: 'signed-in' } as const;

  app.post(
    SAVED_VIEW_PATHS.list,
    {
      config: { ...SIGNED_IN, reads: true },
      schema: { body: listSavedViewsRequest, response: envelopeResponses(z.array(savedViewSchema)) },
    },
    async (request) => ok(await listSavedViews(app.db, request.auth, request.body.listKey)),
  );
  app.post(
    SAVED_VIEW_PATHS.create,
    { config: SIGNED_IN, schema: { body: createSavedViewRequest, response: envelopeResponses(savedViewSchema) } },
    async (request) => ok(await createSavedView(app.db, request.auth, request.body), 'View saved'),
  );
  app.post(
    SAVED_VIEW_PATHS.update,
    { config: SIGNED_IN, schema: { body: updateSavedViewRequest, response: envelopeResponses(savedViewSchema) } },
    async (request) => ok(await updateSavedView(app.db, request.auth, request.body), 'View updated'),
  );
  app.post(
    SAVED_VIEW_PATHS.delete,
    {
      config: SIGNED_IN,
      schema: { body: deleteSavedViewRequest, response: envelopeResponses(savedViewSchema.pick({ viewId: true })) },
    },
    async (request) => ok(await deleteSavedView(app.db, request.auth, request.body.viewId), 'View deleted'),
  );
}
