import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { adminQuery, databaseUrl, waitUntilUnused } from './pg-admin';

/**
 * Empty databases on the test server (beside the file's seeded copy) and connections to them, for the tests of
 * what happens before a database is migrated; `cleanup()` ends the connections and drops the databases.
 */
export function scratchDatabases() {
  const cleanups: (() => Promise<void>)[] = [];
  return {
    /** A fresh, empty database on the test server: its URL as the admin. */
    async fresh(): Promise<string> {
      const name = `mbo_migrate_${randomUUID().slice(0, 8)}`;
      await adminQuery(`CREATE DATABASE "${name}"`);
      cleanups.push(async () => {
        await waitUntilUnused(name);
        await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
      return databaseUrl(name);
    },
    /** A client of the test's own (one that holds a lock, say), ended at cleanup. */
    async connect(url: string): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      cleanups.push(() => client.end());
      return client;
    },
    /** Anything else to undo at cleanup, last in first out. */
    defer(cleanup: () => Promise<void>): void {
      cleanups.push(cleanup);
    },
    async cleanup(): Promise<void> {
      for (const cleanup of cleanups.reverse()) await cleanup();
      cleanups.length = 0;
    },
  };
}

export type ScratchDatabases = ReturnType<typeof scratchDatabases>;
