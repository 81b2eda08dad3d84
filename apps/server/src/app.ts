import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import authPlugin from './plugins/auth';
import errorHandler from './plugins/error-handler';
import security from './plugins/security';
import webApp from './plugins/web-app';
import './plugins/types';
import authRoutes from './modules/auth/routes';
import usercenterRoutes from './modules/usercenter/routes';
import disputeRoutes from './modules/disputes/routes';
import configRoutes from './modules/configs/routes';
import devMailboxRoutes from './modules/dev-mailbox/routes';
import paymentRoutes from './modules/payments/routes';
import refundRoutes from './modules/refunds/routes';
import accountRoutes from './modules/account/routes';
import paymentLinkRoutes from './modules/payment-links/routes';
import reportRoutes from './modules/reports/routes';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Injected by tests; built from the config otherwise. */
  mailer?: Mailer;
  logger?: boolean | object;
}

/** Builds the whole product as one Fastify app, apart from listening (see server.ts). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', deps.mailer ?? createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }));
  app.addHook('onClose', async () => {
    if (!deps.mailer) await app.mailer.close();
  });

  await app.register(errorHandler);
  await app.register(cookie);
  await app.register(security);
  await app.register(authPlugin);

  await app.register(authRoutes);
  await app.register(usercenterRoutes);
  await app.register(disputeRoutes);
  await app.register(configRoutes);
  await app.register(paymentRoutes);
  await app.register(refundRoutes);
  await app.register(accountRoutes);
  await app.register(paymentLinkRoutes);
  await app.register(reportRoutes);
  if (app.mailer.mode === 'outbox') await app.register(devMailboxRoutes);
  await app.register(webApp, { root: config.webDist });
  return app;
}
