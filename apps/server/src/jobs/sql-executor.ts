import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/**
 * What pg-boss runs its SQL through (its `db` option): one statement with $n parameters, or a
 * multi-statement script without parameters (its schema scripts and locked maintenance commands).
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const hasParams = (values: unknown[] | undefined): values is unknown[] => Array.isArray(values) && values.length > 0;

/**
 * node-postgres pool. A script runs on one client; if it fails half-way (a BEGIN without its
 * COMMIT), the client is rolled back before it goes back to the pool.
 *
 * Behind a pooler in transaction mode (PgBouncer) this relies on what pg-boss 10 sends: a statement
 * is one unnamed extended-protocol query, and a script (`BEGIN; SET LOCAL …; SELECT
 * pg_advisory_xact_lock(…); …; COMMIT`) one simple-protocol message, kept on one server connection
 * to its COMMIT; the ROLLBACK after a failed script reaches that same connection, which the pooler
 * holds while its transaction is open. pg-boss keeps nothing in a session (no LISTEN/NOTIFY: workers
 * poll), so it needs no direct connection (README, "Behind a connection pooler").
 */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (hasParams(values)) return pool.query(text, values);
      const client = await pool.connect();
      try {
        return await client.query(text);
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * The embedded PGlite: one connection, which PGlite itself serialises (a query waits for an open
 * transaction to end). Parameterised statements use the extended protocol (`query`); scripts
 * without parameters go to `exec` (simple protocol, several statements), rolled back when they fail
 * half-way so the one connection is never left in an aborted transaction.
 */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (hasParams(values)) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (err) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
}
