import * as Sentry from '@sentry/node';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { checkProductionConfig, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { sentryOptions } from './lib/sentry-options';
import { shutdownTracing } from './lib/tracing-shutdown';
import { afterMigrationsFor } from './migration-hooks';
import { newerMigrationsNote } from './db/migrate';
import { secretBoxFor } from './db/data-keyring';
import { seedIfEmpty } from './seed/demo';
import { DEV_WEBHOOKS_PATH } from './modules/dev-webhooks';
import { startDraining } from './plugins/health';

let config: Config;
try {
  config = loadConfig();
  checkProductionConfig(config);
} catch (err) {
  // A configuration that must not run (see checkProductionConfig): say why, exit non-zero.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
if (config.sentryDsn) Sentry.init(sentryOptions(config.sentryDsn));

// The data key (DATA_ENCRYPTION_KEY, or the embedded key file made once in DATA_DIR): a key that does
// not match the database's data stops the start here, with the reason (db/encrypted-columns.ts).
const database = await (async () => {
  try {
    const secrets = secretBoxFor(config);
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      migrationDatabaseUrl: config.migrationDatabaseUrl,
      poolSize: config.databasePoolSize,
      readDatabaseUrl: config.databaseReadUrl,
      dataDir: config.dataDir,
      secrets,
      // MIGRATE_ON_START=false: the release step (`npm run migrate`) migrated; this only checks, naming what lacks.
      migrate: config.migrateOnStart,
      afterMigrations: afterMigrationsFor(secrets),
    });
  } catch (err) {
    console.error(`The database could not be opened: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
})();
// Demo users have a published password: only where asked for (SEED_DEMO, on by default for the embedded database).
// Where the sandbox runs its own webhook receiver (dev-webhooks), Demo Store gets an endpoint there.
const devWebhookUrl =
  config.webhookAllowHttpLocalhost && config.devMailbox ? `${config.publicUrl}${DEV_WEBHOOKS_PATH}` : undefined;
const seeded = config.seedDemo ? await seedIfEmpty(database.db, { devWebhookUrl, secrets: database.secrets }) : false;
const app = await buildApp({ config, database });
if (seeded) app.log.info('demo data created: log in as owner@demo.test / Merchant#2026');
if (database.migrations.applied.length)
  app.log.info({ migrations: database.migrations.applied }, `applied ${database.migrations.applied.length} migrations`);
const newer = newerMigrationsNote(database.migrations);
if (newer) app.log.warn(newer);

// Graceful shutdown (SIGTERM, SIGINT, or an uncaught error): on a signal, first drain for DRAIN_DELAY_MS (0 by
// default): /readyz answers 503 so a load balancer takes the instance out of rotation while it still serves every
// request; then stop accepting connections, let the in-flight requests finish, stop the job workers (onClose hooks
// of app.close()), close the database, exit 0. Past DRAIN_DELAY_MS + SHUTDOWN_TIMEOUT_MS, exit 1 whatever is left.
// A second signal exits at once.
const shutdownDeadlineMs = config.drainDelayMs + config.shutdownTimeoutMs;
closeWithGrace(
  {
    delay: shutdownDeadlineMs,
    logger: { error: (message: unknown) => app.log.error(message) },
    onTimeout: (delay) =>
      app.log.error(
        `shutdown took longer than ${delay} ms (${config.drainDelayMs ? 'DRAIN_DELAY_MS + ' : ''}SHUTDOWN_TIMEOUT_MS): exiting with 1`,
      ),
  },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else {
      if (config.drainDelayMs > 0) {
        startDraining(app);
        app.log.info(
          { signal, drainDelayMs: config.drainDelayMs },
          'draining: /readyz answers 503 so the load balancer takes this instance out of rotation; still serving',
        );
        await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      }
      app.log.info({ signal }, 'shutting down: no new connections, finishing the requests in flight');
    }
    await app.close();
    await database.close();
    // The spans still buffered (OTEL_EXPORTER_OTLP_ENDPOINT: src/instrumentation.ts); nothing without tracing.
    await shutdownTracing().catch((err: unknown) => app.log.warn({ err }, 'tracing: the last spans were not sent'));
    app.log.info('stopped');
  },
);

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(
  `Merchant Back-office on http://localhost:${port}/app/ (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}; mail: ${app.mailer.mode === 'smtp' ? 'SMTP' : config.devMailbox ? 'outbox, read it at /dev/mailbox' : 'outbox (set SMTP_URL to send it)'})`,
);
