/**
 * The domain smokes (test-money-in.ts, test-money-out.ts, test-platform.ts: the same code as the plain runs)
 * with the server connected through PgBouncer in transaction mode, as in a deployment behind a pooler: its
 * DATABASE_URL is the pooler's, so every query, transaction, COPY of an export and pg-boss statement (the
 * sandbox's refund and dispute decisions, the bank's, mail, webhooks, exports: all jobs) goes through it. The
 * migrations need a direct connection (the harness runs them on the server itself, as MIGRATION_DATABASE_URL).
 * Fails, never skips, without PgBouncer (`apt-get install pgbouncer`).
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp } from '../test/harness';
import { startPgBouncer, type PgBouncer } from '../test/topology/pgbouncer';
import type { StartApp } from './smoke-client';
import { moneyInSmoke } from './test-money-in';
import { moneyOutSmoke } from './test-money-out';
import { platformSmoke } from './test-platform';

let pooler: PgBouncer | undefined;

beforeAll(async () => {
  // Fewer server connections than each app's pool (40): the app's clients wait in PgBouncer for one.
  pooler = await startPgBouncer({ poolSize: 10 });
});
afterAll(async () => {
  await pooler?.stop();
});

const throughPooler: StartApp = (options) =>
  createTestApp({
    ...options,
    connectThrough: (database, user) => {
      if (!pooler) throw new Error('PgBouncer did not start');
      return pooler.url(database, user);
    },
  });

describe('through PgBouncer in transaction mode', () => {
  moneyInSmoke(throughPooler);
  moneyOutSmoke(throughPooler);
  platformSmoke(throughPooler);
});
