import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import { sendMailJob } from './mail/send-mail-job';
import { expireMailLinksJob } from './mail/expire-links-job';
import { settlementCycleJob, sandboxClockRoutes, settlementRoutes } from './modules/settlements';
import authPlugin from './plugins/auth';
import backOfficeOpenApi from './plugins/back-office-openapi';
import jobsPlugin, { type JobsPluginOptions } from './jobs/jobs-plugin';
import rateLimit from './plugins/rate-limit';
import errorHandler, { clientErrorHandler } from './plugins/error-handler';
import envelopeLanguage from './plugins/envelope-language';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { contractValidator } from './lib/validate';
import { loggerOptions } from './lib/logger-options';
import security from './plugins/security';
import webApp from './plugins/web-app';
import health from './plugins/health';
import readRouting from './plugins/read-routing';
import metrics from './plugins/metrics';
import './plugins/types';
import { authRoutes } from './modules/auth';
import { auditPartitionsJob } from './modules/audit';
import { usercenterRoutes } from './modules/usercenter';
import { twoFactorRoutes } from './modules/two-factor';
import { teamRoutes } from './modules/team';
import { apiKeyRoutes } from './modules/api-keys';
import { webhookRoutes } from './modules/webhooks';
import { disputeRoutes, evidenceRoutes } from './modules/disputes';
import { configRoutes } from './modules/configs';
import { devMailboxRoutes } from './modules/dev-mailbox';
import { devWebhookRoutes } from './modules/dev-webhooks';
import { paymentRoutes } from './modules/payments';
import { refundRoutes } from './modules/refunds';
import { accountRoutes } from './modules/account';
import { paymentLinkRoutes } from './modules/payment-links';
import { reportRoutes } from './modules/reports';
import { reportScheduleRoutes } from './modules/report-schedules';
import { savedViewRoutes } from './modules/saved-views';
import { payinServiceRoutes } from './modules/payin-services';
import { payoutServiceRoutes } from './modules/payout-services';
import { bankAccountRoutes } from './modules/bank-accounts';
import { withdrawalRoutes } from './modules/withdrawals';
import { payoutRoutes } from './modules/payouts';
import { approvalRoutes } from './modules/approvals';
import { subscriptionRoutes } from './modules/subscriptions';
import { searchRoutes } from './modules/search';
import { merchantApiPlugin } from './modules/merchant-api';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Injected by tests; built from the config otherwise. */
  mailer?: Mailer;
  /** Fastify's logger option; lib/logger-options.ts by default (a test adds a stream to read the lines). */
  logger?: boolean | object;
  /** Job workers' polling and stop deadline (tests poll faster). */
  jobs?: JobsPluginOptions;
}

/** Builds the whole product as one Fastify app, apart from listening (see server.ts). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // A number of hops: trust that many proxies nearest to us (what Fastify does for a number, which its types omit).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Starting the job queue (pg-boss checks its schema and queues) through a busy pooler or database may take more
    // than Fastify's 10 s default; /readyz answers 503 until the app is ready, so a slow start only delays traffic.
    pluginTimeout: 60_000,
    // Request ids are made here; a proxy's id (a short token) is taken only behind a trusted proxy.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return config.trustProxy !== false && typeof incoming === 'string' && REQUEST_ID.test(incoming)
        ? incoming
        : randomUUID();
    },
    // A request the HTTP parser refuses (headers too large, malformed) still gets the envelope.
    clientErrorHandler,
  });
  // Contract schemas are attached to routes (schema: { body, querystring }): validated here, typed by ZodTypeProvider.
  app.setValidatorCompiler(contractValidator);
  // ...and answers are written by their response schema (lib/route-responses.ts): a field no contract names never
  // leaves.
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  await app.register(jobsPlugin, deps.jobs ?? {});
  app.decorate(
    'mailer',
    deps.mailer ??
      createMailer(database.db, app.jobs, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
  );
  // The audit module has no routes of its own: its partition job is registered here, with the other module-less ones.
  app.jobs.register(sendMailJob, expireMailLinksJob, settlementCycleJob, auditPartitionsJob);
  app.addHook('onClose', async () => {
    if (!deps.mailer) await app.mailer.close();
  });

  await app.register(errorHandler);
  await app.register(cookie);
  await app.register(security);
  await app.register(authPlugin);
  // Before the routes: every success's msg in the caller's language.
  await app.register(envelopeLanguage);
  // Before the routes: it checks their `reads: 'replica'` and gives every request its reader.
  await app.register(readRouting);
  await app.register(rateLimit);
  await app.register(health);
  // app.metrics, before the modules that record with it; /metrics only when configured.
  await app.register(metrics);
  // Before the back-office routes, so its OpenAPI document sees them all.
  await app.register(backOfficeOpenApi);

  await app.register(authRoutes);
  await app.register(usercenterRoutes);
  await app.register(twoFactorRoutes);
  await app.register(teamRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(disputeRoutes);
  await app.register(evidenceRoutes);
  await app.register(configRoutes);
  await app.register(paymentRoutes);
  await app.register(refundRoutes);
  await app.register(accountRoutes);
  await app.register(paymentLinkRoutes);
  await app.register(reportRoutes);
  await app.register(reportScheduleRoutes);
  await app.register(savedViewRoutes);
  await app.register(payinServiceRoutes);
  await app.register(payoutServiceRoutes);
  await app.register(bankAccountRoutes);
  await app.register(withdrawalRoutes);
  await app.register(payoutRoutes);
  await app.register(approvalRoutes);
  await app.register(subscriptionRoutes);
  await app.register(searchRoutes);
  await app.register(settlementRoutes);
  await app.register(sandboxClockRoutes);
  await app.register(merchantApiPlugin, { prefix: '/api/v1' });
  if (config.devMailbox && app.mailer.mode === 'outbox') await app.register(devMailboxRoutes);
  await app.register(devWebhookRoutes);
  await app.register(webApp, { root: config.webDist });
  return app;
}
