import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedIfEmpty } from '../seed/demo';
import { adminQuery, databaseUrl, dropDatabasesLike, waitUntilUnused } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** 'pglite' or 'postgres': which database the server suites run on. */
    testDb: 'pglite' | 'postgres';
    /** On PostgreSQL: a migrated, seeded database each test file copies. */
    pgTemplate: string;
  }
}

/**
 * With TEST_DB=postgres the suites run on the PostgreSQL server: a template database is migrated
 * and seeded once; each test file gets its own copy; all are dropped at the end. A server that
 * cannot be reached fails the run, it never skips it.
 */
export default async function setup(project: TestProject) {
  const onPostgres = process.env.TEST_DB === 'postgres';
  project.provide('testDb', onPostgres ? 'postgres' : 'pglite');
  project.provide('pgTemplate', '');
  if (!onPostgres) return;

  const prefix = `mbo_t_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  try {
    await adminQuery(`CREATE DATABASE "${template}"`);
  } catch (err) {
    throw new Error(`The PostgreSQL suites need a PostgreSQL server (PG_TEST_URL or 127.0.0.1:5432): ${String(err)}`, { cause: err });
  }
  const database = await openDatabase({ databaseUrl: databaseUrl(template), poolSize: 2 });
  await seedIfEmpty(database.db);
  await database.close();
  await waitUntilUnused(template);
  project.provide('pgTemplate', template);

  return async () => {
    await dropDatabasesLike(prefix);
  };
}
