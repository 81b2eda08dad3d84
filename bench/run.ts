/**
 * `npm run bench [-- --payments N] [--only postgres|pglite] [--runs 100] [--sections a,b]`: fills a fresh database
 * (a new PostgreSQL database on PG_TEST_URL, dropped after; PGlite in a temporary folder, removed after; or a kept
 * one with --keep-db) with N generated payments for one merchant, builds the real server, then runs each section of
 * ./sections (one domain each: the payments list, global search, balance transactions, settlements, disputes, money
 * out, subscriptions, team and audit log, the merchant API, detail/refund/export, login) and prints their rows in one
 * table with the budgets of QUALITY.md (and of the issues) beside each figure. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { DEMO_PASSWORD, seedIfEmpty } from '../apps/server/src/seed/demo';
import { dropBenchDatabase, openBenchDatabase, placeOf, prepareDatabase, urlOf } from './bench-database';
import { readBenchOptions, type DatabaseKind } from './bench-options';
import { login } from './measure';
import { auditScale } from './sections/audit-scale';
import { SECTIONS } from './sections/index';
import { count, figureRow, MERCHANT, OWNER, type BenchContext, type BenchSection, type Row } from './sections/section';

const options = readBenchOptions(SECTIONS.map((s) => s.name));

const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

/**
 * One database: placed, prepared (with --audit-scale-only: the demo data alone, no payments), the server built on
 * it, then each section in turn. Returns the rows, the generation's first.
 */
async function benchOne(kind: DatabaseKind, sections: readonly BenchSection[]): Promise<Row[]> {
  const place = placeOf(kind, options.keep);
  const kindLog = (msg: string) => log(`${kind}: ${msg}`);
  // Export files and anything else the server writes: always temporary, even for a kept database.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mbo-bench-${kind}-data-`));
  let database: BenchContext['database'] | undefined;
  try {
    const rows: Row[] = [];
    if (options.auditScaleOnly) {
      database = await openBenchDatabase(place);
      await seedIfEmpty(database.db, { secrets: database.secrets });
    } else {
      const prepared = await prepareDatabase(place, options.payments, kindLog);
      database = prepared.database;
      const generated = prepared.generateS === null ? 'kept' : `${prepared.generateS.toFixed(0)} s`;
      rows.push(figureRow(`Generate ${count(options.payments)} payments`, generated));
    }
    // The webhook throughput row's receiver is on 127.0.0.1.
    const config = { ...loadConfig({}), dataDir: dir, databaseUrl: urlOf(place), webhookAllowHttpLocalhost: true };
    // No cron schedules: the settlement job would close the day the benchmark is generating in the past (it times that
    // job itself).
    const app = await buildApp({ config, database, logger: false, jobs: { schedules: false } });
    await app.ready();
    try {
      const ctx: BenchContext = {
        kind,
        options,
        app,
        database,
        now: Date.now(),
        dir,
        // Request limits are on, as in production: a session per measurement keeps each under the per-session limit.
        session: () => login(app, OWNER, DEMO_PASSWORD),
        log: kindLog,
      };
      for (const section of sections) rows.push(...(await section.run(ctx)));
      return rows;
    } finally {
      await app.close();
    }
  } finally {
    await database?.close();
    if (!place.kept) await dropBenchDatabase(place);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function table(rows: string[][]): string {
  const all = [['Database', 'Measure', 'p50', 'p95', 'Budget (QUALITY.md)', ''], ...rows];
  const widths = all[0].map((_, c) => Math.max(...all.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  return [line(all[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...all.slice(1).map(line)].join('\n');
}

// --audit-scale-only: the audit log at scale alone, on PostgreSQL (kept with --keep-db and reused: generating
// 10,000,000 rows is the long part).
const kinds: DatabaseKind[] = options.auditScaleOnly ? ['postgres'] : options.kinds;
const sections = options.auditScaleOnly
  ? [auditScale]
  : SECTIONS.filter((s) => !options.sections || options.sections.includes(s.name));
const rows: string[][] = [];
for (const kind of kinds)
  for (const r of await benchOne(kind, sections)) rows.push([kind, r.measure, r.p50, r.p95, r.budget, r.verdict]);
const what = options.auditScaleOnly
  ? `${options.runs} runs per call`
  : `${count(options.payments)} payments in ${MERCHANT}; ${options.runs} runs per call (${options.loginRuns} for login)`;
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.log(`\n${what}; ${os.cpus().length} CPUs, load ${load}; node ${process.version}\n`);
console.log(table(rows));
