/**
 * The database a server test project runs on: the embedded project always on PGlite, the topology project always
 * on PostgreSQL, the others on TEST_DB (PostgreSQL
 * by default).
 */
export function testDatabaseOf(projectName: string, env: NodeJS.ProcessEnv = process.env): 'pglite' | 'postgres' {
  if (projectName === 'server-embedded') return 'pglite';
  // A replica, a pooler and an object store stand beside a PostgreSQL server.
  if (projectName === 'server-topology') return 'postgres';
  if (env.TEST_DB === undefined || env.TEST_DB === '' || env.TEST_DB === 'postgres') return 'postgres';
  if (env.TEST_DB === 'pglite') return 'pglite';
  throw new Error(`TEST_DB must be postgres or pglite, not '${env.TEST_DB}'`);
}
