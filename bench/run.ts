/**
 * `npm run bench [-- --payments N] [--only postgres|pglite] [--runs 100]`: fills a fresh database
 * (a new PostgreSQL database on PG_TEST_URL, dropped after; PGlite in a temporary folder, removed
 * after) with N generated payments for one merchant, then measures the payments list, the same SQL
 * run alone, the balance transactions list, the settlement lists and estimation, a day of
 * payments settled by the settlement job and that settlement's transactions, the disputes list at
 * 100,000 disputes (N/4 below 400,000 payments), the money-out history lists and a batch file, the
 * agreements list at 200,000 agreements and the subscription charge job over 10,000 due agreements, the audit log list
 * at
 * 1,000,000 audit rows and the members list, the merchant API's payments list and webhook delivery throughput, payment
 * detail, refund, an export of all rows, login and login with two-factor sign-in. Prints a table with the budgets of
 * QUALITY.md (and of issues 9 to 14) beside each figure. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import pg from 'pg';
import { openDatabase, rowsOf, type Database, type Db } from '../apps/server/src/db/client';
import { DEMO_PASSWORD, seedIfEmpty } from '../apps/server/src/seed/demo';
import { afterMigrationsFor } from '../apps/server/src/migration-hooks';
import { testSecrets } from '../apps/server/src/test/test-keys';
import { generatePayments } from '../apps/server/src/seed/generate-payments';
import { PG_ADMIN_URL, adminQuery, databaseUrl, waitUntilUnused } from '../apps/server/src/test/pg-admin';
import {
  login,
  measureBalanceTransactionsApi,
  measureCopyFloor,
  measureDetail,
  measureExport,
  measureExportMemory,
  measureListApi,
  measureListApiUnderLoad,
  samplePaymentId,
  sampleRefundReference,
  measureListSql,
  measureLogin,
  measureRefund,
  warmDatabaseCache,
  type ExportFigures,
  type ExportMemory,
  type Timing,
} from './measure';
import { ensureDisputes, measureDisputeList } from './measure-disputes';
import { measureEvidenceUpload, type UploadFigures } from './measure-evidence-upload';
import {
  ensureMoneyOutHistory,
  measureBatchFile,
  measurePayoutHistory,
  measureWithdrawalHistory,
  PAYOUT_MERCHANT,
  type BatchFigures,
} from './measure-money-out';
import {
  ensureAgreements,
  measureAgreementList,
  measureChargeJob,
  type ChargeJobFigures,
} from './measure-subscriptions';
import {
  ensureAuditLog,
  ensureTwoFactorUsers,
  measureAuditLogList,
  measureMembersList,
  measureTwoFactorLogin,
  type ListFigures,
  type TwoFactorLoginFigures,
} from './measure-team';
import { ensureAuditScale, measureAuditScale, SCALE_MERCHANT, type AuditScaleFigures } from './measure-audit-scale';
import { measureApiPaymentsList, measureWebhookThroughput, type WebhookThroughput } from './measure-integration';
import { measureSearch, searchQueries, type SearchFigures } from './measure-search';
import {
  measureBatchList,
  measureEstimation,
  measureSettlementList,
  measureSettlementTransactions,
  sampleSettlementId,
  settleOneDay,
  type SettlementDayFigures,
} from './measure-settlements';

const { values } = parseArgs({
  options: {
    payments: { type: 'string', default: '1000000' },
    only: { type: 'string' },
    runs: { type: 'string', default: '100' },
    'login-runs': { type: 'string', default: '30' },
    'keep-db': { type: 'string' },
    'money-out-rows': { type: 'string', default: '1000000' },
    agreements: { type: 'string', default: '200000' },
    'audit-rows': { type: 'string', default: '1000000' },
    'audit-scale-rows': { type: 'string', default: '10000000' },
    'audit-scale-only': { type: 'boolean', default: false },
    'webhook-events': { type: 'string', default: '5000' },
  },
});
const N = Number(values.payments);
const KEEP = values['keep-db'];
const RUNS = Number(values.runs);
const LOGIN_RUNS = Number(values['login-runs']);
/** Withdrawals and payouts of the payout merchant, each (issue 11's budget is at 1,000,000). */
const MONEY_OUT_ROWS = Number(values['money-out-rows']);
/** Agreements of Demo Store for the agreements list row (issue 12's budget is at 200,000). */
const AGREEMENTS = Number(values.agreements);
/** Bench audit rows of Demo Store for the audit log row (issue 13's list budget is at 1,000,000). */
const AUDIT_ROWS = Number(values['audit-rows']);
/** Audit rows over 13 months and four merchants for the audit log at scale (PostgreSQL only; 0 leaves it out). */
const AUDIT_SCALE_ROWS = Number(values['audit-scale-rows']);
/** Webhook events delivered for the throughput row (issue 14: ≥ 200 a second). */
const WEBHOOK_EVENTS = Number(values['webhook-events']);
if (
  !Number.isInteger(WEBHOOK_EVENTS) ||
  WEBHOOK_EVENTS < 100 ||
  !Number.isInteger(N) ||
  N < 1000 ||
  !Number.isInteger(RUNS) ||
  RUNS < 1 ||
  !Number.isInteger(MONEY_OUT_ROWS) ||
  MONEY_OUT_ROWS < 0 ||
  !Number.isInteger(AGREEMENTS) ||
  AGREEMENTS < 1500 ||
  !Number.isInteger(AUDIT_ROWS) ||
  AUDIT_ROWS < 10_000 ||
  !Number.isInteger(AUDIT_SCALE_ROWS) ||
  (AUDIT_SCALE_ROWS !== 0 && AUDIT_SCALE_ROWS < 100_000) ||
  (KEEP !== undefined && !/^[a-z0-9_]{1,40}$/.test(KEEP))
) {
  console.error(
    'usage: npm run bench -- [--payments N (>= 1000)] [--only postgres|pglite] [--runs 100] [--login-runs 30] [--keep-db name (a-z 0-9 _)] [--money-out-rows 1000000] [--agreements 200000] [--audit-rows 1000000 (>= 10000)] [--audit-scale-rows 10000000 (0, or >= 100000)] [--audit-scale-only] [--webhook-events 5000 (>= 100)]',
  );
  process.exit(2);
}
const kinds = values.only ? [values.only] : ['postgres', 'pglite'];
if (kinds.some((k) => k !== 'postgres' && k !== 'pglite')) {
  console.error('--only takes postgres or pglite');
  process.exit(2);
}

const MERCHANT = 'M1000001';
/**
 * The merchant whose day of payments the settlement job settles (a sub-merchant of Demo Store the owner may switch to).
 */
const DAY_MERCHANT = 'M1000002';
/** Payments of that day: about 100,000 of them succeed. */
const DAY_PAYMENTS = 118_000;
/**
 * Payments the export memory rows write to CSV and XLSX, formatted in JS (the server suite checks the rows of a smaller
 * export).
 */
const EXPORT_MEMORY_ROWS = Math.min(50_000, N);
/** Users calling the list at once for the "under load" row. */
const LOAD_USERS = 4;
/** Disputes of the generated merchant for the disputes list row (issue 10). */
const DISPUTES = 100_000;
const OWNER = 'owner@demo.test';
/**
 * Agreements due at once for the charge job row, and their merchant (a card service for EUR Visa; not the list's
 * merchant, whose list stays at its size).
 */
const DUE_AGREEMENTS = 10_000;
const CHARGE_MERCHANT = 'M1000003';
/**
 * Home merchant of the two-factor bench users (bench-2fa-N@bench.test): a sub-merchant of Demo Store,
 * so Demo Store's members list stays the demo's team and their sign-ins stay out of its audit log.
 */
const TWO_FACTOR_MERCHANT = 'M1000003';

interface Results {
  kind: string;
  /** null: a kept database was reused. */
  generateS: number | null;
  listApi: Timing;
  listSql: Timing;
  listLoaded: Timing;
  /** The header's global search, one row per kind of query. */
  search: SearchFigures[];
  balanceList: Timing;
  settlementList: Timing;
  batchList: Timing;
  estimation: Timing;
  settlementDay: SettlementDayFigures;
  settlementTransactions: Timing;
  disputes: number;
  disputeList: Timing;
  evidenceUpload: UploadFigures;
  moneyOut: { withdrawals: number; payouts: number };
  withdrawalHistory: Timing;
  payoutHistory: Timing;
  batchFile: BatchFigures;
  agreements: number;
  agreementList: Timing;
  chargeJob: ChargeJobFigures;
  auditRows: number;
  auditLogList: ListFigures;
  /** PostgreSQL: the audit log list at AUDIT_SCALE_ROWS rows over 13 months (null: left out). */
  auditScale: AuditScaleFigures | null;
  membersList: Timing & { members: number };
  apiPaymentsList: Timing;
  webhooks: WebhookThroughput;
  detail: Timing;
  refund: Timing;
  exported: ExportFigures;
  /** 50,000 rows to CSV and to XLSX, formatted in JS: peak RSS growth and the heap left behind. */
  exportMemory: ExportMemory[];
  /** PGlite: memory its buffer cache took when every payment was read once, before the export (0 on PostgreSQL). */
  cacheMb: number;
  copyFloor: { seconds: number; mb: number };
  login: Timing;
  twoFactorLogin: TwoFactorLoginFigures;
}

const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

/**
 * Where the generated database lives. Without --keep-db: a new PostgreSQL database or PGlite folder,
 * dropped at the end. With --keep-db NAME: `mbo_bench_keep_NAME` on the server, or
 * `$TMPDIR/mbo-bench-keep-NAME-pglite`, kept after the run and reused by the next run asking for
 * the same number of payments or fewer (generating 1,000,000 payments takes 10 to 20 minutes).
 */
function placeOf(kind: 'postgres' | 'pglite') {
  if (KEEP)
    return {
      kept: true,
      dbName: `mbo_bench_keep_${KEEP}`,
      dbDir: path.join(os.tmpdir(), `mbo-bench-keep-${KEEP}-${kind}`),
    };
  return {
    kept: false,
    dbName: `mbo_bench_${process.pid}_${Date.now().toString(36)}`,
    dbDir: fs.mkdtempSync(path.join(os.tmpdir(), `mbo-bench-${kind}-`)),
  };
}

async function adminRows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The benchmark databases' data key (kept databases are opened with it again), as DATA_ENCRYPTION_KEY would be. */
const BENCH_SECRETS = testSecrets(Buffer.alloc(32, 0xbe).toString('base64'));

async function openBenchDatabase(kind: 'postgres' | 'pglite', place: ReturnType<typeof placeOf>): Promise<Database> {
  const keyed = { secrets: BENCH_SECRETS, afterMigrations: afterMigrationsFor(BENCH_SECRETS) };
  if (kind === 'pglite') return openDatabase({ dataDir: place.dbDir, ...keyed });
  const exists =
    place.kept && (await adminRows('SELECT 1 FROM pg_database WHERE datname = $1', [place.dbName])).length > 0;
  if (!exists) await adminQuery(`CREATE DATABASE "${place.dbName}"`);
  return openDatabase({ databaseUrl: databaseUrl(place.dbName), poolSize: 10, ...keyed });
}

async function dropBenchDatabase(kind: 'postgres' | 'pglite', place: ReturnType<typeof placeOf>): Promise<void> {
  if (kind === 'postgres') {
    await waitUntilUnused(place.dbName).catch(() => undefined);
    await adminQuery(`DROP DATABASE IF EXISTS "${place.dbName}" WITH (FORCE)`).catch((err) =>
      console.error(`could not drop ${place.dbName}: ${String(err)}`),
    );
  }
  fs.rmSync(place.dbDir, { recursive: true, force: true });
}

/** Payments a kept database was generated with (0 when it is new or its generation did not finish). */
async function generatedBefore(db: Db): Promise<number> {
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS bench_generated (merchant_id text PRIMARY KEY, payments integer NOT NULL, generated_at timestamptz NOT NULL DEFAULT now())`,
  );
  const [row] = rowsOf<{ payments: number }>(
    await db.execute(sql`SELECT payments FROM bench_generated WHERE merchant_id = ${MERCHANT}`),
  );
  return row?.payments ?? 0;
}

/** Seeds and generates N payments, or reuses a kept database that has at least N. */
async function prepare(
  kind: 'postgres' | 'pglite',
  place: ReturnType<typeof placeOf>,
): Promise<{ database: Database; generateS: number | null }> {
  let database = await openBenchDatabase(kind, place);
  if (place.kept) {
    const before = await generatedBefore(database.db);
    if (before >= N) {
      log(`${kind}: reusing the kept database (${before.toLocaleString('en-US')} generated payments)`);
      // A run stopped half-way leaves counters and an unfinished export behind: start clean.
      await database.db.execute(sql`DELETE FROM rate_limits`);
      await database.db.execute(
        sql`UPDATE export_jobs SET status = 'FAILED', finished_at = now() WHERE status IN ('QUEUED', 'RUNNING')`,
      );
      // A migration run at this start may have rewritten rows (0014 backfills every ledger entry): what autovacuum
      // would do by then.
      await vacuumAnalyze(database.db);
      return { database, generateS: null };
    }
    if (before > 0 || (await database.db.execute(sql`SELECT 1 FROM users LIMIT 1`).then((r) => rowsOf(r).length > 0))) {
      log(`${kind}: the kept database has too few payments; generating it again`);
      await database.close();
      await dropBenchDatabase(kind, place);
      database = await openBenchDatabase(kind, place);
    }
  }
  log(`${kind}: seeding the demo data`);
  await seedIfEmpty(database.db, { secrets: database.secrets });
  log(`${kind}: generating ${N.toLocaleString('en-US')} payments for ${MERCHANT}`);
  let last = 0;
  const gen = await generatePayments(database.db, {
    merchantId: MERCHANT,
    count: N,
    seed: 42,
    onProgress(done, total) {
      if (done === total || performance.now() - last > 10_000) {
        last = performance.now();
        log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
      }
    },
  });
  log(
    `${kind}: generated in ${(gen.ms / 1000).toFixed(1)} s (${Math.round(gen.payments / (gen.ms / 1000))} payments/s); VACUUM ANALYZE`,
  );
  await vacuumAnalyze(database.db);
  if (place.kept) {
    await generatedBefore(database.db);
    await database.db.execute(sql`INSERT INTO bench_generated (merchant_id, payments) VALUES (${MERCHANT}, ${N})
      ON CONFLICT (merchant_id) DO UPDATE SET payments = excluded.payments, generated_at = now()`);
  }
  return { database, generateS: gen.ms / 1000 };
}

/** VACUUM ANALYZE of the tables the measures read (quick on tables vacuumed already). */
async function vacuumAnalyze(db: Db): Promise<void> {
  for (const table of [
    'payments',
    'refunds',
    'disputes',
    'withdrawals',
    'payouts',
    'agreements',
    'events',
    'ledger_transactions',
    'ledger_entries',
    'ledger_accounts',
    'settlement_batches',
    'settlements',
  ]) {
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
}

async function benchOne(kind: 'postgres' | 'pglite'): Promise<Results> {
  const place = placeOf(kind);
  // Export files and anything else the server writes: always temporary, even for a kept database.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mbo-bench-${kind}-data-`));
  let database: Database | undefined;
  try {
    const prepared = await prepare(kind, place);
    database = prepared.database;
    // The webhook throughput row's receiver is on 127.0.0.1.
    const config = {
      ...loadConfig({}),
      dataDir: dir,
      databaseUrl: kind === 'postgres' ? databaseUrl(place.dbName) : undefined,
      webhookAllowHttpLocalhost: true,
    };
    // No cron schedules: the settlement job would close the day the benchmark is generating in the past (it times that
    // job itself).
    const app = await buildApp({ config, database, logger: false, jobs: { schedules: false } });
    await app.ready();
    try {
      const now = Date.now();
      // Request limits are on, as in production: a session per measurement keeps each under the per-session limit.
      const session = () => login(app, OWNER, DEMO_PASSWORD);
      log(`${kind}: list`);
      const paymentId = await samplePaymentId(database.db, MERCHANT);
      const listApi = await measureListApi(app, await session(), RUNS, now, paymentId);
      const listSql = await measureListSql(database.db, MERCHANT, RUNS, now, paymentId);
      const listLoaded = await measureListApiUnderLoad(
        app,
        await Promise.all(Array.from({ length: LOAD_USERS }, session)),
        RUNS,
        now,
        paymentId,
      );
      log(`${kind}: global search`);
      const search = await measureSearch(app, await session(), await searchQueries(database.db, MERCHANT), RUNS);
      log(`${kind}: balance transactions list`);
      const balanceList = await measureBalanceTransactionsApi(
        app,
        await session(),
        RUNS,
        now,
        await sampleRefundReference(database.db, MERCHANT),
      );
      log(`${kind}: settlement history, clearing batches, estimation`);
      const settlementList = await measureSettlementList(
        app,
        await session(),
        RUNS,
        now,
        await sampleSettlementId(database.db, MERCHANT),
      );
      const batchList = await measureBatchList(app, await session(), RUNS, now);
      const estimation = await measureEstimation(app, await session(), RUNS);
      log(
        `${kind}: a day of ${DAY_PAYMENTS.toLocaleString('en-US')} payments for ${DAY_MERCHANT}, then the settlement job`,
      );
      const settlementDay = await settleOneDay(database.db, DAY_MERCHANT, DAY_PAYMENTS);
      const settlementTransactions = await measureSettlementTransactions(
        app,
        await session(),
        DAY_MERCHANT,
        RUNS,
        settlementDay.settlementId,
      );
      log(`${kind}: ${DISPUTES.toLocaleString('en-US')} disputes, then the disputes list`);
      const disputes = await ensureDisputes(database.db, MERCHANT, Math.min(DISPUTES, Math.floor(N / 4)));
      const disputeList = await measureDisputeList(app, database.db, await session(), MERCHANT, RUNS, now);
      log(`${kind}: evidence uploads of 5 MB`);
      const evidenceUpload = await measureEvidenceUpload(app, database.db, await session(), MERCHANT);
      log(
        `${kind}: ${MONEY_OUT_ROWS.toLocaleString('en-US')} withdrawals and payouts, their history lists, a 10,000-row batch file`,
      );
      const moneyOut = await ensureMoneyOutHistory(database.db, database.secrets, PAYOUT_MERCHANT, MONEY_OUT_ROWS);
      const payoutSession = () => login(app, 'payouts@demo.test', DEMO_PASSWORD);
      const withdrawalHistory = await measureWithdrawalHistory(app, await payoutSession(), RUNS, now);
      const payoutHistory = await measurePayoutHistory(app, await payoutSession(), RUNS, now);
      const batchFile = await measureBatchFile(app, database.db, await payoutSession(), PAYOUT_MERCHANT);
      log(
        `${kind}: ${AGREEMENTS.toLocaleString('en-US')} agreements, the agreements list; the charge job over ${DUE_AGREEMENTS.toLocaleString('en-US')} due agreements`,
      );
      const agreements = await ensureAgreements(database.db, MERCHANT, AGREEMENTS);
      const agreementList = await measureAgreementList(app, database.db, await session(), MERCHANT, RUNS, now);
      const chargeJob = await measureChargeJob(database.db, CHARGE_MERCHANT, DUE_AGREEMENTS);
      log(`${kind}: ${AUDIT_ROWS.toLocaleString('en-US')} audit rows, the audit log list; the members list`);
      const auditRows = await ensureAuditLog(database.db, MERCHANT, AUDIT_ROWS);
      const auditLogList = await measureAuditLogList(app, database.db, await session(), MERCHANT, RUNS, now);
      log(
        `${kind}: audit log list per query (p50 / slowest, ms): ${auditLogList.perQuery.map((q) => `${q.name} ${q.p50.toFixed(1)} / ${q.max.toFixed(1)}`).join('; ')}`,
      );
      const auditScale = kind === 'postgres' && AUDIT_SCALE_ROWS ? await auditAtScale(app, database.db, session) : null;
      const membersList = await measureMembersList(app, await session(), RUNS);
      log(
        `${kind}: the merchant API's payments list; ${WEBHOOK_EVENTS.toLocaleString('en-US')} webhook events to a local receiver`,
      );
      const apiPaymentsList = await measureApiPaymentsList(app, database.db, MERCHANT, RUNS, now);
      const webhooks = await measureWebhookThroughput(app, database.db, MERCHANT, WEBHOOK_EVENTS);
      log(`${kind}: detail`);
      const detail = await measureDetail(app, database.db, await session(), MERCHANT, RUNS);
      log(`${kind}: refund`);
      const refund = await measureRefund(app, database.db, await session(), MERCHANT, RUNS);
      log(`${kind}: export of every payment to CSV, and COPY of the same SELECT alone`);
      const cacheMb = await warmDatabaseCache(database.db, MERCHANT);
      const exported = await measureExport(database.db, MERCHANT, now, dir);
      const copyFloor = await measureCopyFloor(database.db, MERCHANT, now);
      log(
        `${kind}: export of the newest ${EXPORT_MEMORY_ROWS.toLocaleString('en-US')} payments to CSV and XLSX (rows in JS), memory`,
      );
      const exportMemory = [];
      for (const format of ['CSV', 'XLSX'] as const)
        exportMemory.push(await measureExportMemory(database.db, MERCHANT, now, dir, format, EXPORT_MEMORY_ROWS));
      log(`${kind}: login`);
      const loginTiming = await measureLogin(
        app,
        LOGIN_RUNS,
        await loginAccounts(database, LOGIN_RUNS + 5),
        DEMO_PASSWORD,
      );
      log(`${kind}: login with two-factor sign-in (${LOGIN_RUNS + 5} users with two-factor on, one login each)`);
      const twoFactor = await ensureTwoFactorUsers(
        database.db,
        database.secrets,
        TWO_FACTOR_MERCHANT,
        LOGIN_RUNS + 5,
        OWNER,
      );
      const twoFactorLogin = await measureTwoFactorLogin(app, twoFactor.emails, twoFactor.secret, DEMO_PASSWORD);
      return {
        kind,
        generateS: prepared.generateS,
        listApi,
        listSql,
        listLoaded,
        search,
        balanceList,
        settlementList,
        batchList,
        estimation,
        settlementDay,
        settlementTransactions,
        disputes,
        disputeList,
        evidenceUpload,
        moneyOut,
        withdrawalHistory,
        payoutHistory,
        batchFile,
        agreements,
        agreementList,
        chargeJob,
        auditRows,
        auditLogList,
        auditScale,
        membersList,
        apiPaymentsList,
        webhooks,
        detail,
        refund,
        exported,
        exportMemory,
        cacheMb,
        copyFloor,
        login: loginTiming,
        twoFactorLogin,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database?.close();
    if (!place.kept) await dropBenchDatabase(kind, place);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'ok' : 'OVER');

function table(results: Results[]): string {
  const rows: string[][] = [['Database', 'Measure', 'p50', 'p95', 'Budget (QUALITY.md)', '']];
  for (const r of results) {
    const pg = r.kind === 'postgres';
    const ratio = r.listApi.p95 / r.listSql.p95;
    rows.push(
      [
        r.kind,
        `Generate ${N.toLocaleString('en-US')} payments`,
        '',
        r.generateS === null ? 'kept' : `${r.generateS.toFixed(0)} s`,
        '—',
        '',
      ],
      [
        r.kind,
        'Payments list, API (first page, filters)',
        ms(r.listApi.p50),
        ms(r.listApi.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.listApi.p95 < 50 : null),
      ],
      [r.kind, 'Payments list, same SQL alone', ms(r.listSql.p50), ms(r.listSql.p95), '—', ''],
      [
        r.kind,
        `Payments list, API, ${LOAD_USERS} users at once`,
        ms(r.listLoaded.p50),
        ms(r.listLoaded.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.listLoaded.p95 < 50 : null),
      ],
      [r.kind, 'Payments list, API / SQL (p95)', '', `${ratio.toFixed(2)}x`, '≤ 2x', verdict(ratio <= 2)],
      ...r.search.map((q) => [
        r.kind,
        `Global search, API: ${q.name} (${q.found} found)`,
        ms(q.p50),
        ms(q.p95),
        'p95 < 100 ms on PostgreSQL',
        verdict(pg ? q.p95 < 100 : null),
      ]),
      [
        r.kind,
        'Balance transactions list, API (first page, filters)',
        ms(r.balanceList.p50),
        ms(r.balanceList.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.balanceList.p95 < 50 : null),
      ],
      [
        r.kind,
        'Settlement history, API (first pages, filters)',
        ms(r.settlementList.p50),
        ms(r.settlementList.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.settlementList.p95 < 50 : null),
      ],
      [
        r.kind,
        'Clearing batches, open and history, API (filters)',
        ms(r.batchList.p50),
        ms(r.batchList.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.batchList.p95 < 50 : null),
      ],
      [
        r.kind,
        'Settlement estimation, API (30 days)',
        ms(r.estimation.p50),
        ms(r.estimation.p95),
        'p95 < 200 ms',
        verdict(pg ? r.estimation.p95 < 200 : null),
      ],
      [
        r.kind,
        `Settle a day of ${r.settlementDay.payments.toLocaleString('en-US')} payments (settlement job)`,
        '',
        `${r.settlementDay.seconds.toFixed(2)} s, +${r.settlementDay.memoryGrowthMb.toFixed(0)} MB`,
        '< 10 s, bounded memory',
        verdict(r.settlementDay.seconds < 10),
      ],
      [
        r.kind,
        `Settlement's transactions, API (pages 1–5 of ${r.settlementDay.settlementPayments.toLocaleString('en-US')})`,
        ms(r.settlementTransactions.p50),
        ms(r.settlementTransactions.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.settlementTransactions.p95 < 50 : null),
      ],
      [
        r.kind,
        `Disputes list, API (${r.disputes.toLocaleString('en-US')} disputes, tabs and filters)`,
        ms(r.disputeList.p50),
        ms(r.disputeList.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.disputeList.p95 < 50 : null),
      ],
      [
        r.kind,
        `Evidence upload, 5 MB PDF ×${r.evidenceUpload.uploads} (${(r.evidenceUpload.seconds * 1000).toFixed(0)} ms each), server memory growth`,
        '',
        `${r.evidenceUpload.growthMb.toFixed(0)} MB`,
        '< 20 MB',
        verdict(r.evidenceUpload.growthMb < 20),
      ],
      [
        r.kind,
        `Withdrawal history, API (${r.moneyOut.withdrawals.toLocaleString('en-US')} withdrawals, filters)`,
        ms(r.withdrawalHistory.p50),
        ms(r.withdrawalHistory.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.withdrawalHistory.p95 < 50 : null),
      ],
      [
        r.kind,
        `Payout history, API (${r.moneyOut.payouts.toLocaleString('en-US')} payouts, filters)`,
        ms(r.payoutHistory.p50),
        ms(r.payoutHistory.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.payoutHistory.p95 < 50 : null),
      ],
      [
        r.kind,
        `Batch file of ${r.batchFile.rows.toLocaleString('en-US')} rows: validate, server memory growth`,
        '',
        `${r.batchFile.validateS.toFixed(2)} s, +${r.batchFile.validateGrowthMb.toFixed(0)} MB`,
        '< 3 s, < 100 MB',
        verdict(r.batchFile.validateS < 3 && r.batchFile.validateGrowthMb < 100),
      ],
      [
        r.kind,
        `Batch file of ${r.batchFile.rows.toLocaleString('en-US')} rows: submit (checked again, held, written)`,
        '',
        `${r.batchFile.submitS.toFixed(2)} s`,
        '< 10 s',
        verdict(r.batchFile.submitS < 10),
      ],
      [
        r.kind,
        `Agreement list, API (${r.agreements.toLocaleString('en-US')} agreements, filters)`,
        ms(r.agreementList.p50),
        ms(r.agreementList.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.agreementList.p95 < 50 : null),
      ],
      [
        r.kind,
        `Charge job: ${r.chargeJob.agreements.toLocaleString('en-US')} due agreements (${r.chargeJob.charged.toLocaleString('en-US')} charged, ${((r.chargeJob.seconds * 1000) / r.chargeJob.agreements).toFixed(2)} ms each)`,
        '',
        `${r.chargeJob.seconds.toFixed(1)} s`,
        '< 30 s on PostgreSQL',
        verdict(pg ? r.chargeJob.seconds < 30 && r.chargeJob.charged === r.chargeJob.agreements : null),
      ],
      [
        r.kind,
        `Audit log list, API (${r.auditRows.toLocaleString('en-US')} audit rows, filters)`,
        ms(r.auditLogList.p50),
        ms(r.auditLogList.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.auditLogList.p95 < 50 : null),
      ],
      ...(r.auditScale ? [auditScaleRow(r.auditScale)] : []),
      [
        r.kind,
        `Members list, API (${r.membersList.members} members)`,
        ms(r.membersList.p50),
        ms(r.membersList.p95),
        'p95 < 20 ms on PostgreSQL',
        verdict(pg ? r.membersList.p95 < 20 : null),
      ],
      [
        r.kind,
        `Merchant API: GET /api/v1/payments (Bearer key; first pages, filters, cursor pages 2–5)`,
        ms(r.apiPaymentsList.p50),
        ms(r.apiPaymentsList.p95),
        'p95 < 50 ms on PostgreSQL',
        verdict(pg ? r.apiPaymentsList.p95 < 50 : null),
      ],
      [
        r.kind,
        `Webhook delivery: ${r.webhooks.events.toLocaleString('en-US')} events to a local receiver (${r.webhooks.seconds.toFixed(1)} s, ${r.webhooks.inOrder ? 'in order' : 'OUT OF ORDER'}, ${r.webhooks.duplicates} duplicates)`,
        '',
        `${r.webhooks.perSecond.toFixed(0)} /s`,
        '≥ 200 events/s, in order per endpoint',
        verdict(r.webhooks.perSecond >= 200 && r.webhooks.inOrder && r.webhooks.duplicates === 0),
      ],
      [
        r.kind,
        'Payment detail, API',
        ms(r.detail.p50),
        ms(r.detail.p95),
        'p95 < 20 ms on PostgreSQL',
        verdict(pg ? r.detail.p95 < 20 : null),
      ],
      [r.kind, 'Refund, API (partial, idempotency key)', ms(r.refund.p50), ms(r.refund.p95), '—', ''],
      [
        r.kind,
        `Export ${r.exported.rows.toLocaleString('en-US')} rows to CSV (${r.exported.fileMb.toFixed(0)} MB, ${r.exported.method === 'copy' ? 'COPY' : 'rows in JS'})`,
        '',
        `${r.exported.seconds.toFixed(1)} s`,
        `< 60 s${N >= 1_000_000 ? '' : ' for 1,000,000'}`,
        verdict(N >= 1_000_000 ? r.exported.seconds < 60 : null),
      ],
      [
        r.kind,
        `COPY of the same SELECT alone (${r.copyFloor.mb.toFixed(0)} MB)`,
        '',
        `${r.copyFloor.seconds.toFixed(1)} s`,
        '—',
        '',
      ],
      [
        r.kind,
        'Export / COPY alone',
        '',
        `${(r.exported.seconds / r.copyFloor.seconds).toFixed(2)}x`,
        '≤ 2x',
        verdict(r.exported.seconds / r.copyFloor.seconds <= 2),
      ],
      ...(pg
        ? []
        : [
            [
              r.kind,
              'In-process database cache filled by reading every payment once, before the export',
              '',
              `${r.cacheMb.toFixed(0)} MB`,
              "— (the database's, not the export's)",
              '',
            ],
          ]),
      [
        r.kind,
        `Export, server memory growth (peak RSS${pg ? '' : ', warm cache'})`,
        '',
        `${r.exported.memoryGrowthMb.toFixed(0)} MB`,
        '< 100 MB',
        verdict(r.exported.memoryGrowthMb < 100),
      ],
      ...r.exportMemory.flatMap((m) => [
        [
          r.kind,
          `Export ${m.rows.toLocaleString('en-US')} rows to ${m.format}, rows in JS (${m.seconds.toFixed(1)} s): peak RSS growth`,
          '',
          `${m.peakGrowthMb.toFixed(0)} MB`,
          m.format === 'CSV' ? '< 100 MB' : '< 300 MB (exceljs: bounded, not flat)',
          verdict(m.peakGrowthMb < (m.format === 'CSV' ? 100 : 300)),
        ],
        [
          r.kind,
          `Export ${m.rows.toLocaleString('en-US')} rows to ${m.format}: heap left after it (full GC)`,
          '',
          `${m.retainedHeapMb.toFixed(1)} MB`,
          '< 20 MB',
          verdict(m.retainedHeapMb < 20),
        ],
      ]),
      [r.kind, 'Login (argon2id), API', ms(r.login.p50), ms(r.login.p95), 'p95 < 100 ms', verdict(r.login.p95 < 100)],
      [
        r.kind,
        'Login with two-factor sign-in, API (both steps)',
        ms(r.twoFactorLogin.both.p50),
        ms(r.twoFactorLogin.both.p95),
        '—',
        '',
      ],
      [
        r.kind,
        'Login with two-factor: password step (argon2id)',
        ms(r.twoFactorLogin.password.p50),
        ms(r.twoFactorLogin.password.p95),
        'p95 < 100 ms',
        verdict(r.twoFactorLogin.password.p95 < 100),
      ],
      [
        r.kind,
        'Login with two-factor: code step (TOTP)',
        ms(r.twoFactorLogin.code.p50),
        ms(r.twoFactorLogin.code.p95),
        'p95 < 50 ms',
        verdict(r.twoFactorLogin.code.p95 < 50),
      ],
    );
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

/** The audit log at scale's row of the table (PostgreSQL). */
function auditScaleRow(a: AuditScaleFigures): string[] {
  return [
    'postgres',
    `Audit log list, API (${a.rows.toLocaleString('en-US')} audit rows, 13 monthly partitions, 4 merchants; ${SCALE_MERCHANT} 40 %; filters)${a.generateS === null ? '' : `; generated in ${a.generateS.toFixed(0)} s`}`,
    ms(a.p50),
    ms(a.p95),
    'p95 < 50 ms on PostgreSQL',
    verdict(a.p95 < 50),
  ];
}

/** Generates (or finds in a kept database) the audit rows at scale, then measures the list on them. */
async function auditAtScale(app: FastifyInstance, db: Db, session: () => Promise<string>): Promise<AuditScaleFigures> {
  log(
    `postgres: ${AUDIT_SCALE_ROWS.toLocaleString('en-US')} audit rows over 13 months and 4 merchants, the audit log list`,
  );
  const generated = await ensureAuditScale(db, AUDIT_SCALE_ROWS, log);
  if (generated.generateS !== null) log(`postgres: audit rows generated in ${generated.generateS.toFixed(0)} s`);
  const figures = await measureAuditScale(app, db, await session(), RUNS, Date.now());
  log(
    `postgres: audit log at scale per query (p50 / slowest, ms): ${figures.perQuery.map((q) => `${q.name} ${q.p50.toFixed(1)} / ${q.max.toFixed(1)}`).join('; ')}`,
  );
  return { ...figures, ...generated };
}

/**
 * `--audit-scale-only`: the audit log at scale alone, on PostgreSQL: a database with the demo data and the audit rows
 * (kept with --keep-db and reused: generating 10,000,000 rows is the long part), no payments.
 */
async function auditScaleOnly(): Promise<void> {
  const place = placeOf('postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-bench-audit-data-'));
  const database = await openBenchDatabase('postgres', place);
  try {
    await seedIfEmpty(database.db, { secrets: database.secrets });
    const config = { ...loadConfig({}), dataDir: dir, databaseUrl: databaseUrl(place.dbName) };
    const app = await buildApp({ config, database, logger: false, jobs: { schedules: false } });
    await app.ready();
    try {
      const figures = await auditAtScale(app, database.db, () => login(app, OWNER, DEMO_PASSWORD));
      const header = ['Database', 'Measure', 'p50', 'p95', 'Budget (QUALITY.md)', ''];
      const rows = [header, auditScaleRow(figures)];
      const widths = header.map((_, c) => Math.max(...rows.map((r) => r[c].length)));
      const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
      console.log(
        `\n${RUNS} runs per call; ${os.cpus().length} CPUs, load ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}; node ${process.version}\n`,
      );
      console.log([line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, line(rows[1])].join('\n'));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (!place.kept) await dropBenchDatabase('postgres', place);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (values['audit-scale-only']) {
  await auditScaleOnly();
} else {
  const results: Results[] = [];
  for (const kind of kinds as ('postgres' | 'pglite')[]) results.push(await benchOne(kind));
  console.log(
    `\n${N.toLocaleString('en-US')} payments in ${MERCHANT}; ${RUNS} runs per call (${LOGIN_RUNS} for login); ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}; node ${process.version}\n`,
  );
  console.log(table(results));
}

/**
 * Accounts for the login runs, with the owner's password and role: at most 15 logins each (the per-email limit is 20 in
 * 10 minutes).
 */
async function loginAccounts(database: Database, logins: number): Promise<string[]> {
  const count = Math.ceil(logins / 15);
  await database.db.execute(sql`
    INSERT INTO users (merchant_id, email, name, role_code, status, password_hash)
    SELECT merchant_id, 'bench-login-' || g || '@demo.test', 'Bench login', role_code, 'ACTIVE', password_hash
      FROM users, generate_series(1, ${count}) AS g WHERE email = ${OWNER}
    ON CONFLICT (email) DO NOTHING`);
  return Array.from({ length: count }, (_, g) => `bench-login-${g + 1}@demo.test`);
}
