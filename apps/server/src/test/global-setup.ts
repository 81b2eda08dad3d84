import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { afterMigrationsFor } from '../migration-hooks';
import { seedIfEmpty } from '../seed/demo';
import { testDatabaseOf } from './test-database';
import { testSecrets } from './test-keys';
import { adminQuery, databaseUrl, dropDatabasesLike, ensureAppRole, waitUntilUnused } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** 'pglite' or 'postgres': which database the server suites run on. */
    testDb: 'pglite' | 'postgres';
    /** On PostgreSQL: a migrated, seeded database each test file copies. */
    pgTemplate: string;
    /** On PGlite: a dump of a migrated, seeded data directory each test file loads. */
    pgliteDump: string;
  }
}

/**
 * The database every file of a project copies, made once per run: no test file migrates or seeds
 * on its own.
 *
 * On PostgreSQL a template database is migrated and seeded as the admin (the owner of the tables,
 * as MIGRATION_DATABASE_URL in a deployment); each test file gets its own copy
 * (`CREATE DATABASE … TEMPLATE`), which its server uses as the restricted LOGIN role PG_APP_ROLE
 * (a member of mbo_app, as DATABASE_URL in a deployment); all are dropped at the end. A server that
 * cannot be reached fails the run, it never skips it.
 *
 * On PGlite a migrated, seeded data directory is dumped once as an uncompressed tarball, which each
 * test file loads into a database of its own in memory.
 */
export default async function setup(project: TestProject) {
  const kind = testDatabaseOf(project.name);
  project.provide('testDb', kind);
  project.provide('pgTemplate', '');
  project.provide('pgliteDump', '');
  // Seeded under the test data key: every file's server (harness.ts) opens it with that key.
  const secrets = testSecrets();
  if (kind === 'pglite') {
    // Seed once (demo data includes thousands of payments); every test file loads a copy.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-pglite-'));
    const file = path.join(dir, 'seeded.tar');
    const database = await openDatabase({ secrets, afterMigrations: afterMigrationsFor(secrets) });
    await seedIfEmpty(database.db, { secrets });
    fs.writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
    project.provide('pgliteDump', file);
    return async () => {
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }

  const prefix = `mbo_t_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  try {
    await adminQuery(`CREATE DATABASE "${template}"`);
  } catch (err) {
    throw new Error(`The PostgreSQL suites need a PostgreSQL server (PG_TEST_URL or 127.0.0.1:5432): ${String(err)}`, {
      cause: err,
    });
  }
  const database = await openDatabase({
    databaseUrl: databaseUrl(template),
    poolSize: 2,
    secrets,
    afterMigrations: afterMigrationsFor(secrets),
  });
  await seedIfEmpty(database.db, { secrets });
  await database.close();
  await ensureAppRole();
  await waitUntilUnused(template);
  project.provide('pgTemplate', template);

  return async () => {
    await dropDatabasesLike(prefix);
  };
}
