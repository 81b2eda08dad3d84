import * as Sentry from '@sentry/node';
import { buildApp } from './app';
import { checkProductionConfig, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './seed/demo';

let config: Config;
try {
  config = loadConfig();
  checkProductionConfig(config);
} catch (err) {
  // A configuration that must not run (see checkProductionConfig): say why, exit non-zero.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
if (config.sentryDsn) Sentry.init({ dsn: config.sentryDsn });

const database = await openDatabase({ databaseUrl: config.databaseUrl, migrationDatabaseUrl: config.migrationDatabaseUrl, dataDir: config.dataDir });
// Demo users have a published password: only where asked for (SEED_DEMO, on by default for the embedded database).
const seeded = config.seedDemo ? await seedIfEmpty(database.db) : false;
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
app.log.info(`Merchant Back-office on http://localhost:${config.port}/app/ (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}; mail: ${app.mailer.mode === 'smtp' ? 'SMTP' : config.devMailbox ? 'outbox, read it at /dev/mailbox' : 'outbox (set SMTP_URL to send it)'})`);
