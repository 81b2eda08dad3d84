import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INTEGRATION_PATHS } from '@mbo/contracts/integration';
import {
  createWebhookEndpointRequest,
  deliveryIdRequest,
  deliveryListRequest,
  endpointIdRequest,
  replayResultSchema,
  replayWebhookEventsRequest,
  updateWebhookEndpointRequest,
  webhookDeliveryDetailSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryRecordSchema,
  webhookEndpointRecordSchema,
  webhookEndpointSecretSchema,
} from '@mbo/contracts/integration-schemas';
import { actorOf } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { answers, query, reads, writes } from '../../lib/route-options';
import { deliveryDetail, listDeliveries } from './delivery-log';
import { readEndpoint, readEndpoints } from './endpoint-record';
import {
  createEndpoint,
  deleteEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
  viewEndpointSecret,
  type WebhookDeps,
} from './manage-endpoints';
import { replayEvents, retryDelivery, sendTestEvent } from './queue-deliveries';
import { webhookDrainJob, webhookSweepJob } from './webhook-jobs';
import { attemptPartitionsJob } from './attempt-partitions-job';

const READ = { access: { menu: '/settings/integration' } } as const;
const UPDATE = { permission: 'API_INTEGRATION_UPDATE' } as const;

/**
 * Settings → Integration, webhooks of the active merchant: endpoints (list, detail, create, update,
 * delete, secret, rotate), test events, replays and the delivery log with retries. Reads need the
 * integration menu; every change, the secret, a test, a replay and a retry API_INTEGRATION_UPDATE.
 * Also declares the delivery jobs (drain per endpoint, the sweep).
 */
export default async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register(webhookDrainJob, webhookSweepJob, attemptPartitionsJob);
  const deps: WebhookDeps = {
    db: app.db,
    jobs: app.jobs,
    allowLoopback: app.config.webhookAllowHttpLocalhost,
    secrets: app.database.secrets,
  };

  app.get(INTEGRATION_PATHS.endpoints, answers(READ.access, z.array(webhookEndpointRecordSchema)), async (request) =>
    ok(await readEndpoints(app.db, request.auth.merchantId)),
  );

  app.get(
    INTEGRATION_PATHS.endpoint,
    query(READ.access, endpointIdRequest, webhookEndpointRecordSchema),
    async (request) => ok(await readEndpoint(app.db, request.auth.merchantId, request.query.endpointId)),
  );

  app.post(
    INTEGRATION_PATHS.createEndpoint,
    writes(UPDATE, createWebhookEndpointRequest, webhookEndpointRecordSchema),
    async (request) =>
      ok(await createEndpoint(deps, actorOf(request), request.body), { key: 'webhooks.endpointAdded' }),
  );

  app.post(
    INTEGRATION_PATHS.updateEndpoint,
    writes(UPDATE, updateWebhookEndpointRequest, webhookEndpointRecordSchema),
    async (request) =>
      ok(await updateEndpoint(deps, actorOf(request), request.body), { key: 'webhooks.endpointSaved' }),
  );

  app.post(
    INTEGRATION_PATHS.deleteEndpoint,
    writes(UPDATE, endpointIdRequest, webhookEndpointRecordSchema.pick({ endpointId: true })),
    async (request) =>
      ok(await deleteEndpoint(deps, actorOf(request), request.body.endpointId), { key: 'webhooks.endpointDeleted' }),
  );

  app.post(
    INTEGRATION_PATHS.endpointSecret,
    writes(UPDATE, endpointIdRequest, webhookEndpointSecretSchema),
    async (request) => ok(await viewEndpointSecret(deps, actorOf(request), request.body.endpointId)),
  );

  app.post(
    INTEGRATION_PATHS.rotateSecret,
    writes(UPDATE, endpointIdRequest, webhookEndpointSecretSchema),
    async (request) =>
      ok(await rotateEndpointSecret(deps, actorOf(request), request.body.endpointId), {
        key: 'webhooks.secretRotated',
      }),
  );

  app.post(
    INTEGRATION_PATHS.sendTestEvent,
    writes(UPDATE, endpointIdRequest, webhookDeliveryRecordSchema),
    async (request) =>
      ok(await sendTestEvent(deps, actorOf(request), request.body.endpointId), { key: 'webhooks.testEventSent' }),
  );

  app.post(
    INTEGRATION_PATHS.replay,
    writes(UPDATE, replayWebhookEventsRequest, replayResultSchema),
    async (request) => {
      const result = await replayEvents(deps, actorOf(request), request.body);
      return ok(result, { key: 'webhooks.eventsQueued', values: { count: result.queued } });
    },
  );

  app.post(
    INTEGRATION_PATHS.deliveries,
    reads(READ.access, deliveryListRequest, webhookDeliveryPageSchema),
    async (request) => ok(await listDeliveries(app.db, request.auth.merchantId, request.body)),
  );

  app.get(
    INTEGRATION_PATHS.delivery,
    query(READ.access, deliveryIdRequest, webhookDeliveryDetailSchema),
    async (request) => ok(await deliveryDetail(app.db, request.auth.merchantId, request.query.deliveryId)),
  );

  app.post(
    INTEGRATION_PATHS.retryDelivery,
    writes(UPDATE, deliveryIdRequest, webhookDeliveryRecordSchema),
    async (request) =>
      ok(await retryDelivery(deps, actorOf(request), request.body.deliveryId), { key: 'webhooks.deliveryQueued' }),
  );
}
