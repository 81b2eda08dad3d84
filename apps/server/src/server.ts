import * as Sentry from '@sentry/node';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './seed/demo';

const config = loadConfig();
if (config.sentryDsn) Sentry.init({ dsn: config.sentryDsn });

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const seeded = await seedIfEmpty(database.db);
const app = await buildApp({ config, database });
if (seeded) app.log.info('demo data created: log in as owner@demo.test / Merchant#2026');

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Merchant Back-office on http://localhost:${config.port}/app/ (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}; mail: ${app.mailer.mode === 'smtp' ? 'SMTP' : 'outbox, read it at /dev/mailbox'})`);
