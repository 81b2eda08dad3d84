import type { DbOrTx } from '../db/client';
import type { SqlExecutor } from './sql-executor';

interface DriverClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's `{ db }` option over a drizzle transaction: a job sent through it is inserted by the
 * caller's transaction, so it exists exactly when that transaction commits (a rollback leaves no
 * job). The statement goes to the transaction's own driver connection (a node-postgres PoolClient,
 * or PGlite's Transaction) as pg-boss wrote it: its `$n` parameters are reused within a statement
 * (`right($5, 1)`, `CAST($5 AS timestamptz)`), which a rewrite into drizzle parameters would split
 * into differently typed parameters.
 */
export function transactionExecutor(tx: DbOrTx): SqlExecutor {
  const client = (tx as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client || typeof client.query !== 'function')
    throw new Error('transactionExecutor: the transaction exposes no driver client');
  return {
    async executeSql(text, values) {
      const result = await client.query(text, values ?? []);
      return { rows: result.rows };
    },
  };
}
