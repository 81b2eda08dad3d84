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
import { reads, writes } from '../../lib/route-options';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from './saved-views';

/**
 * Saved views of the lists. 'signed-in' because one route serves every list: each call then checks
 * that the user's menu grants the list it names (saved-views.ts assertListAllowed).
 */
export default async function savedViewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const SIGNED_IN = 'signed-in' as const;

  app.post(SAVED_VIEW_PATHS.list, reads(SIGNED_IN, listSavedViewsRequest, z.array(savedViewSchema)), async (request) =>
    ok(await listSavedViews(app.db, request.auth, request.body.listKey)),
  );
  app.post(SAVED_VIEW_PATHS.create, writes(SIGNED_IN, createSavedViewRequest, savedViewSchema), async (request) =>
    ok(await createSavedView(app.db, request.auth, request.body), { key: 'savedViews.saved' }),
  );
  app.post(SAVED_VIEW_PATHS.update, writes(SIGNED_IN, updateSavedViewRequest, savedViewSchema), async (request) =>
    ok(await updateSavedView(app.db, request.auth, request.body), { key: 'savedViews.updated' }),
  );
  app.post(
    SAVED_VIEW_PATHS.delete,
    writes(SIGNED_IN, deleteSavedViewRequest, savedViewSchema.pick({ viewId: true })),
    async (request) =>
      ok(await deleteSavedView(app.db, request.auth, request.body.viewId), { key: 'savedViews.deleted' }),
  );
}
