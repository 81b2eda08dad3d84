/**
 * `npm run bench [-- --payments N] [--only postgres|pglite] [--runs 100]`: fills a fresh database
 * (a new PostgreSQL database on PG_TEST_URL, dropped after; PGlite in a temporary folder, removed
 * after) with N generated payments for one merchant, then measures the payments list, the same SQL
 * run alone, payment detail, refund, an export of all rows and login. Prints a table with the
 * budgets of QUALITY.md beside each figure. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { DEMO_PASSWORD, seedIfEmpty } from '../apps/server/src/seed/demo';
import { generatePayments } from '../apps/server/src/seed/generate-payments';
import { adminQuery, databaseUrl, waitUntilUnused } from '../apps/server/src/test/pg-admin';
import {
  login, measureDetail, measureExport, measureListApi, measureListSql, measureLogin, measureRefund, type ExportFigures, type Timing,
} from './measure';

const { values } = parseArgs({
  options: {
    payments: { type: 'string', default: '1000000' },
    only: { type: 'string' },
    runs: { type: 'string', default: '100' },
    'login-runs': { type: 'string', default: '30' },
  },
});
const N = Number(values.payments);
const RUNS = Number(values.runs);
const LOGIN_RUNS = Number(values['login-runs']);
if (!Number.isInteger(N) || N < 1000 || !Number.isInteger(RUNS) || RUNS < 1) {
  console.error('usage: npm run bench -- [--payments N (>= 1000)] [--only postgres|pglite] [--runs 100] [--login-runs 30]');
  process.exit(2);
}
const kinds = values.only ? [values.only] : ['postgres', 'pglite'];
if (kinds.some((k) => k !== 'postgres' && k !== 'pglite')) {
  console.error('--only takes postgres or pglite');
  process.exit(2);
}

const MERCHANT = 'M1000001';
const OWNER = 'owner@demo.test';

interface Results {
  kind: string;
  generateS: number;
  listApi: Timing;
  listSql: Timing;
  detail: Timing;
  refund: Timing;
  exported: ExportFigures;
  login: Timing;
}

const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function benchOne(kind: 'postgres' | 'pglite'): Promise<Results> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mbo-bench-${kind}-`));
  const dbName = `mbo_bench_${process.pid}_${Date.now().toString(36)}`;
  let database: Database | undefined;
  try {
    if (kind === 'postgres') {
      await adminQuery(`CREATE DATABASE "${dbName}"`);
      database = await openDatabase({ databaseUrl: databaseUrl(dbName), poolSize: 10 });
    } else {
      database = await openDatabase({ dataDir: dir });
    }
    log(`${kind}: seeding the demo data`);
    await seedIfEmpty(database.db);
    log(`${kind}: generating ${N.toLocaleString('en-US')} payments for ${MERCHANT}`);
    let last = 0;
    const gen = await generatePayments(database.db, {
      merchantId: MERCHANT, count: N, seed: 42,
      onProgress(done, total) {
        if (done === total || performance.now() - last > 10_000) {
          last = performance.now();
          log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
        }
      },
    });
    log(`${kind}: generated in ${(gen.ms / 1000).toFixed(1)} s (${Math.round(gen.payments / (gen.ms / 1000))} payments/s); VACUUM ANALYZE`);
    for (const table of ['payments', 'refunds', 'events', 'ledger_transactions', 'ledger_entries', 'ledger_accounts']) {
      await database.db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
    }
    const config = { ...loadConfig({}), dataDir: dir, databaseUrl: kind === 'postgres' ? databaseUrl(dbName) : undefined };
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      const now = Date.now();
      // Request limits are on, as in production: a session per measurement keeps each under the per-session limit.
      const session = () => login(app, OWNER, DEMO_PASSWORD);
      log(`${kind}: list`);
      const listApi = await measureListApi(app, await session(), RUNS, now);
      const listSql = await measureListSql(database.db, MERCHANT, RUNS, now);
      log(`${kind}: detail`);
      const detail = await measureDetail(app, database.db, await session(), MERCHANT, RUNS);
      log(`${kind}: refund`);
      const refund = await measureRefund(app, database.db, await session(), MERCHANT, RUNS);
      log(`${kind}: export of every payment to CSV`);
      const exported = await measureExport(app, await session(), now);
      log(`${kind}: login`);
      const loginTiming = await measureLogin(app, LOGIN_RUNS, await loginAccounts(database, LOGIN_RUNS + 5), DEMO_PASSWORD);
      return { kind, generateS: gen.ms / 1000, listApi, listSql, detail, refund, exported, login: loginTiming };
    } finally {
      await app.close();
    }
  } finally {
    await database?.close();
    if (kind === 'postgres') {
      await waitUntilUnused(dbName).catch(() => undefined);
      await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((err) => console.error(`could not drop ${dbName}: ${String(err)}`));
    }
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
      [r.kind, `Generate ${N.toLocaleString('en-US')} payments`, '', `${r.generateS.toFixed(0)} s`, '—', ''],
      [r.kind, 'Payments list, API (first page, filters)', ms(r.listApi.p50), ms(r.listApi.p95), 'p95 < 50 ms on PostgreSQL', verdict(pg ? r.listApi.p95 < 50 : null)],
      [r.kind, 'Payments list, same SQL alone', ms(r.listSql.p50), ms(r.listSql.p95), '—', ''],
      [r.kind, 'Payments list, API / SQL (p95)', '', `${ratio.toFixed(2)}x`, '≤ 2x', verdict(ratio <= 2)],
      [r.kind, 'Payment detail, API', ms(r.detail.p50), ms(r.detail.p95), 'p95 < 20 ms on PostgreSQL', verdict(pg ? r.detail.p95 < 20 : null)],
      [r.kind, 'Refund, API (partial, idempotency key)', ms(r.refund.p50), ms(r.refund.p95), '—', ''],
      [r.kind, `Export ${r.exported.rows.toLocaleString('en-US')} rows to CSV (${r.exported.fileMb.toFixed(0)} MB)`, '', `${r.exported.seconds.toFixed(1)} s`, `< 60 s${N >= 1_000_000 ? '' : ' for 1,000,000'}`, verdict(N >= 1_000_000 ? r.exported.seconds < 60 : null)],
      [r.kind, 'Export, server memory growth (peak RSS)', '', `${r.exported.memoryGrowthMb.toFixed(0)} MB`, '< 100 MB', verdict(r.exported.memoryGrowthMb < 100)],
      [r.kind, 'Login (argon2id), API', ms(r.login.p50), ms(r.login.p95), 'p95 < 100 ms', verdict(r.login.p95 < 100)],
    );
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

const results: Results[] = [];
for (const kind of kinds as ('postgres' | 'pglite')[]) results.push(await benchOne(kind));
console.log(`\n${N.toLocaleString('en-US')} payments in ${MERCHANT}; ${RUNS} runs per call (${LOGIN_RUNS} for login); ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}; node ${process.version}\n`);
console.log(table(results));

/** Accounts for the login runs, with the owner's password and role: at most 15 logins each (the per-email limit is 20 in 10 minutes). */
async function loginAccounts(database: Database, logins: number): Promise<string[]> {
  const count = Math.ceil(logins / 15);
  await database.db.execute(sql`
    INSERT INTO users (merchant_id, email, name, role_code, status, password_hash)
    SELECT merchant_id, 'bench-login-' || g || '@demo.test', 'Bench login', role_code, 'ACTIVE', password_hash
      FROM users, generate_series(1, ${count}) AS g WHERE email = ${OWNER}
    ON CONFLICT (email) DO NOTHING`);
  return Array.from({ length: count }, (_, g) => `bench-login-${g + 1}@demo.test`);
}

