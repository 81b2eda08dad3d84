/**
 * The server `npm run bench:web` measures: the real app (buildApp) serving the built web app on a
 * port, over a fresh database with the demo data: PGlite in a temporary folder (removed after), or
 * a new database on the PostgreSQL server of PG_TEST_URL (dropped after).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { seedIfEmpty } from '../apps/server/src/seed/demo';
import { afterMigrationsFor } from '../apps/server/src/migration-hooks';
import { testSecrets } from '../apps/server/src/test/test-keys';
import { adminQuery, databaseUrl, waitUntilUnused } from '../apps/server/src/test/pg-admin';

export interface BenchServer {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startWebBenchServer(options: {
  port: number;
  webDist: string;
  db: 'pglite' | 'postgres';
}): Promise<BenchServer> {
  if (!fs.existsSync(path.join(options.webDist, 'index.html'))) {
    throw new Error(`No built web app in ${options.webDist}: run \`npm run build\` first.`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-bench-web-'));
  const dbName = `mbo_bench_web_${process.pid}_${Date.now().toString(36)}`;
  let database: Database | undefined;
  const cleanUp = async () => {
    await database?.close().catch(() => undefined);
    if (options.db === 'postgres') {
      await waitUntilUnused(dbName).catch(() => undefined);
      await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((err) =>
        console.error(`could not drop ${dbName}: ${String(err)}`),
      );
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A new database each time: any data key does (the test key).
  const secrets = testSecrets();
  try {
    if (options.db === 'postgres') {
      await adminQuery(`CREATE DATABASE "${dbName}"`);
      database = await openDatabase({
        databaseUrl: databaseUrl(dbName),
        secrets,
        afterMigrations: afterMigrationsFor(secrets),
      });
    } else {
      database = await openDatabase({ dataDir: dir, secrets, afterMigrations: afterMigrationsFor(secrets) });
    }
    await seedIfEmpty(database.db, { secrets });
    const config = {
      ...loadConfig({ PORT: String(options.port), WEB_DIST: options.webDist }),
      dataDir: dir,
      databaseUrl: options.db === 'postgres' ? databaseUrl(dbName) : undefined,
      logLevel: 'warn',
    };
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: options.port, host: '127.0.0.1' });
    return {
      baseUrl: `http://localhost:${options.port}`,
      async close() {
        await app.close();
        await cleanUp();
      },
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}
