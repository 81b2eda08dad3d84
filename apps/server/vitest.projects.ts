import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The server's tests in three projects, listed by the root vitest.config.ts:
 *
 * - `server-unit`: the files that need no database, once, without the database setup.
 * - `server`: every other file, on the PostgreSQL server (a template database the global setup
 *   migrates and seeds once; each file gets its own copy). `TEST_DB=pglite` runs the same files on
 *   PGlite instead (`npm run test:server:pglite`).
 * - `server-topology`: the files that start servers of their own beside PostgreSQL (`*.topology.test.ts`): an
 *   S3-protocol server, a streaming replica, PgBouncer. Always on PostgreSQL.
 * - `server-embedded`: the embedded database (PGlite) every `npm start` user gets, in every run:
 *   the migrations, the seed, the job queue, every file that branches on the kind of database, and
 *   one smoke per domain (`src/smoke`). `src/test/test-projects.test.ts` fails when a file that
 *   branches on the kind is missing here.
 */

/** Server test files that need no database (pure logic, the config, the compiled process on its own data). */
export const NO_DATABASE = [
  'src/config.test.ts',
  'src/storage-config.test.ts',
  'src/db/typed-rows.test.ts',
  'src/db/table-owners.test.ts',
  'src/db/migration-lint.test.ts',
  'src/server.test.ts',
  'src/lib/**/*.test.ts',
  'src/test/**/*.test.ts',
  'src/modules/payments/fees.test.ts',
  'src/modules/reports/cell-format.test.ts',
  'src/modules/report-schedules/schedule-times.test.ts',
  'src/modules/settlements/batch-totals-owner.test.ts',
  'src/modules/settlements/settlement-terms.test.ts',
  'src/modules/subscriptions/plan-schedule.test.ts',
  'src/modules/webhooks/deliver-attempt.test.ts',
  'src/modules/webhooks/failure-reason.test.ts',
  'src/modules/withdrawals/working-hours.test.ts',
  'src/plugins/menu-catalogue.test.ts',
];

/** Server test files that also run on the embedded database in every run. */
export const EMBEDDED = [
  // What a new `npm start` user runs first: the migrations, the demo data, the job queue.
  'src/db/migrate.test.ts',
  'src/db/migrate-rolling.test.ts',
  // The data key and the encryption of the secrets at start (db/encrypted-columns.ts).
  'src/db/encrypted-columns.test.ts',
  // The Drizzle schema describes the embedded database's tables as exactly as the server's.
  'src/db/schema-matches-database.test.ts',
  'src/seed/**/*.test.ts',
  'src/jobs/**/*.test.ts',
  // Files that branch on the kind of database.
  'src/modules/ledger/ledger-lockdown.test.ts',
  'src/modules/ledger/balance-after.test.ts',
  'src/modules/ledger/posting-order.test.ts',
  'src/modules/payments/list-payments.test.ts',
  'src/modules/reports/reports.test.ts',
  'src/modules/reports/write-export.test.ts',
  'src/modules/reports/agreements-export.test.ts',
  'src/modules/reports/balance-transactions-export.test.ts',
  'src/plugins/rate-limit.test.ts',
  // The metrics: no pool series on PGlite, the job queues read through its one connection.
  'src/metrics.test.ts',
  'src/modules/audit/audit-partitions.test.ts',
  // One end-to-end smoke per domain, money moving: the paths a user of `npm start` takes.
  'src/smoke/**/*.test.ts',
];

/**
 * Server test files that start servers of their own beside the test PostgreSQL (an S3-protocol server, a streaming
 * replica, PgBouncer): `*.topology.test.ts`, in a project of their own so they run once, on PostgreSQL.
 */
export const TOPOLOGY = ['src/**/*.topology.test.ts'];

const shared = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Two workers (the root config's maxWorkers), one file at a time each; each database file has a
  // database of its own.
  // A worker keeps the modules it imported for its next file: the app's code is imported (and
  // evaluated) once per worker, not once per file (that was about 1.6 s of every file). Each file
  // still builds its own app on its own database, so no state of one reaches the next; module-level
  // state in the server is caches and registries only, and a test passes its settings to
  // createTestApp, never through process.env.
  isolate: false,
} as const;

const withDatabase = { ...shared, globalSetup: ['./src/test/global-setup.ts'] };

export const SERVER_PROJECTS: TestProjectInlineConfiguration[] = [
  { test: { ...shared, name: 'server-unit', root: 'apps/server', include: NO_DATABASE } },
  {
    test: {
      ...withDatabase,
      name: 'server',
      root: 'apps/server',
      include: ['src/**/*.test.ts'],
      exclude: [...NO_DATABASE, ...TOPOLOGY],
    },
  },
  { test: { ...withDatabase, name: 'server-topology', root: 'apps/server', include: TOPOLOGY } },
  // The smokes' folder holds a topology file too (src/smoke/pooler.topology.test.ts): it runs in its own project only.
  { test: { ...withDatabase, name: 'server-embedded', root: 'apps/server', include: EMBEDDED, exclude: TOPOLOGY } },
];
