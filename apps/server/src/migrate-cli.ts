import { loadConfig } from './config';
import { secretBoxFor } from './db/data-keyring';
import { afterMigrationsFor } from './migration-hooks';
import { openDatabase } from './db/client';
import { migratePostgres, newerMigrationsNote, type MigrationReport } from './db/migrate';

/**
 * `npm run migrate`: applies the migrations (and their hooks) and exits, without starting the
 * server: the release step of a deployment. Against MIGRATION_DATABASE_URL (the tables' owner) or
 * DATABASE_URL, under the same advisory lock as a starting server; without DATABASE_URL, the
 * embedded database in DATA_DIR. Exits 1 with the reason when the configuration or a migration fails.
 */
try {
  const config = loadConfig();
  const started = performance.now();
  // The hooks check the data key and encrypt what was written before migration 0026: they need the keyring.
  const secrets = secretBoxFor(config);
  const afterMigrations = afterMigrationsFor(secrets);
  let report: MigrationReport;
  if (config.databaseUrl) {
    report = await migratePostgres(config.migrationDatabaseUrl ?? config.databaseUrl, afterMigrations);
  } else {
    const database = await openDatabase({ dataDir: config.dataDir, secrets, afterMigrations });
    report = database.migrations;
    await database.close();
  }
  const where = config.databaseUrl
    ? `PostgreSQL${config.migrationDatabaseUrl ? ' (as MIGRATION_DATABASE_URL)' : ''}`
    : `the embedded database in ${config.dataDir}`;
  console.log(
    `Migrations applied to ${where} in ${Math.round(performance.now() - started)} ms (${report.applied.length ? `this run: ${report.applied.join(', ')}` : 'none was missing'}).`,
  );
  const newer = newerMigrationsNote(report);
  if (newer) console.log(newer);
} catch (err) {
  console.error(`Migrations failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
