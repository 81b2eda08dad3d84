import { loadConfig } from './config';
import { secretBoxFor } from './db/data-keyring';
import { afterMigrationsFor } from './migration-hooks';
import { openDatabase } from './db/client';
import { rotateDataKeys } from './db/encrypted-columns';
import { migratePostgres, type AfterMigrations } from './db/migrate';

/**
 * `npm run rotate-keys`: re-encrypts every encrypted column (db/encrypted-columns.ts) with the newest
 * data key, DATA_ENCRYPTION_KEY, reading the older ones of DATA_ENCRYPTION_KEYS_OLD; afterwards the
 * older keys may be removed from the configuration. Runs as `npm run migrate` does (the migrations
 * first, as the tables' owner, under the migration lock), in batches; running it again does nothing.
 * The embedded database (no DATABASE_URL) is one process's: stop the server first. Exits 1 with the
 * reason when the keys do not open the data.
 */
try {
  const config = loadConfig();
  const started = performance.now();
  const secrets = secretBoxFor(config);
  let counts: Record<string, number> = {};
  const rotate: AfterMigrations = async (connection) => {
    counts = await rotateDataKeys(connection, secrets);
  };
  const hooks = [...afterMigrationsFor(secrets), rotate];
  if (config.databaseUrl) {
    await migratePostgres(config.migrationDatabaseUrl ?? config.databaseUrl, hooks);
  } else {
    const database = await openDatabase({ dataDir: config.dataDir, secrets, afterMigrations: hooks });
    await database.close();
  }
  const changed = Object.entries(counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  console.log(
    `Every encrypted value is now under the key ${secrets.currentKid} (re-encrypted rows: ${changed}) in ${Math.round(performance.now() - started)} ms. The older keys may be removed from DATA_ENCRYPTION_KEYS_OLD.`,
  );
} catch (err) {
  console.error(`Key rotation failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
