/**
 * `npm run bench:web [-- --runs 7] [--port 8190] [--db pglite|postgres] [--dist apps/web/dist] [--files]`:
 * starts the real server with the built web app and measures, in headless Chromium with a cold
 * cache per run, the login page's JavaScript (gzip bytes and files) and first contentful paint, and
 * the time to the first rows of the payments and refunds lists. Prints the web budgets of
 * QUALITY.md beside each figure. See bench/README.md.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo';
import { percentiles } from './measure';
import { readBuildFigures } from './web-build-checks';
import { loginCookie, measureLoginPage, measureRowsVisible, type LoginPageRun } from './web-measure';
import { startWebBenchServer } from './web-server';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '8190' },
    db: { type: 'string', default: 'pglite' },
    dist: { type: 'string', default: path.resolve(import.meta.dirname, '../apps/web/dist') },
    files: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const DB = values.db;
if (!Number.isInteger(RUNS) || RUNS < 1 || !Number.isInteger(PORT) || (DB !== 'pglite' && DB !== 'postgres')) {
  console.error(
    'usage: npm run bench:web -- [--runs 7] [--port 8190] [--db pglite|postgres] [--dist apps/web/dist] [--files]',
  );
  process.exit(2);
}
const WEB_DIST = path.resolve(values.dist);

/** QUALITY.md: "under 250 kB gzip (aim 230)"; the bench holds the aim. */
const LOGIN_JS_BUDGET_KB = 230;
const ROUTE_CHUNK_BUDGET_KB = 150;
const ROWS_VISIBLE_BUDGET_MS = 1000;
const LISTS = [
  { name: 'Payments list', path: '/transactions/payments' },
  { name: 'Refunds list', path: '/transactions/refunds' },
];

const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
/** kB of 1,024 bytes, as the figures of the issue and QUALITY.md's budgets were measured. */
const KB = 1024;
const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;
const ms = (v: number) => `${v.toFixed(0)} ms`;
const verdict = (pass: boolean) => (pass ? 'ok' : 'OVER');

const build = readBuildFigures(WEB_DIST);
log(`starting the server on port ${PORT} (${DB}, web app from ${WEB_DIST})`);
const server = await startWebBenchServer({ port: PORT, webDist: WEB_DIST, db: DB });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows: string[][] = [['Metric', 'Figure', 'Budget (QUALITY.md)', '']];
try {
  // One warm-up of each measure (the server's first answers, Chromium's first process), not counted.
  await measureLoginPage(browser, server.baseUrl);
  log(`login page, ${RUNS} runs`);
  const loginRuns: LoginPageRun[] = [];
  for (let i = 0; i < RUNS; i++) loginRuns.push(await measureLoginPage(browser, server.baseUrl));
  const cookies = await loginCookie(server.baseUrl, 'owner@demo.test', DEMO_PASSWORD);
  const listTimes = [];
  for (const list of LISTS) {
    log(`${list.name}, ${RUNS} runs`);
    await measureRowsVisible(browser, server.baseUrl, cookies, list.path);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await measureRowsVisible(browser, server.baseUrl, cookies, list.path));
    listTimes.push({ ...list, timing: percentiles(samples) });
  }
  const mapStatus = await sourceMapStatus(loginRuns[0]);

  const first = loginRuns[0];
  if (values.files) {
    console.log('\nLogin page scripts (gzip bytes):');
    for (const l of [...first.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes))
      console.log(`  ${kB(l.gzipBytes).padStart(9)}  ${new URL(l.url).pathname}`);
  }
  const jsGzip = first.scripts.reduce((s, l) => s + l.gzipBytes, 0);
  const jsReceived = first.scripts.reduce((s, l) => s + l.receivedBytes, 0);
  const encodings = [...new Set(first.scripts.map((l) => l.encoding))].join(', ');
  const sameEachRun = loginRuns.every((r) => r.scripts.length === first.scripts.length);
  const fcp = percentiles(loginRuns.map((r) => r.fcpMs));
  const assets = [...first.scripts, ...first.styles].filter((l) => new URL(l.url).pathname.startsWith('/app/assets/'));
  // The build leaves files under 1 kB plain (compressing them saves next to nothing).
  const uncompressed = assets.filter((l) => l.encoding !== 'br' && l.encoding !== 'gzip');
  const bigUncompressed = uncompressed.filter((l) => l.receivedBytes >= 1024);
  const notImmutable = assets.filter(
    (l) => !/\bimmutable\b/.test(l.cacheControl) || !/max-age=31536000/.test(l.cacheControl),
  );

  rows.push(
    [
      'Login page JS (gzip), new visitor of /app/ until the form',
      `${kB(jsGzip)} in ${first.scripts.length} files${sameEachRun ? '' : ' (varies by run)'}`,
      `< 250 kB, aim ≤ ${LOGIN_JS_BUDGET_KB} kB`,
      verdict(jsGzip <= LOGIN_JS_BUDGET_KB * KB),
    ],
    ['Login page JS as received', `${kB(jsReceived)} (${encodings})`, '—', ''],
    ['Login page first contentful paint, p50 / p95', `${ms(fcp.p50)} / ${ms(fcp.p95)}`, '—', ''],
    [
      'Route pages lazy-loaded',
      `${build.routePages - build.eagerPages.length} of ${build.routePages}${build.eagerPages.length ? ` (eager: ${build.eagerPages.join(', ')})` : ''}`,
      'every route',
      verdict(build.eagerPages.length === 0),
    ],
    [
      'Largest JS chunk (gzip)',
      `${kB(build.largestChunk.gzipBytes)} ${build.largestChunk.file}`,
      `< ${ROUTE_CHUNK_BUDGET_KB} kB`,
      verdict(build.largestChunk.gzipBytes < ROUTE_CHUNK_BUDGET_KB * KB),
    ],
    [
      'Assets served compressed (br or gzip)',
      `${assets.length - uncompressed.length} of ${assets.length}${uncompressed.length > bigUncompressed.length ? ` (+${uncompressed.length - bigUncompressed.length} under 1 kB, plain)` : ''}`,
      'all over 1 kB',
      verdict(bigUncompressed.length === 0),
    ],
    [
      'Assets cached immutable (1 year)',
      `${assets.length - notImmutable.length} of ${assets.length}`,
      'all',
      verdict(notImmutable.length === 0),
    ],
    ['Source map of a login chunk', `HTTP ${mapStatus}`, 'not served (404)', verdict(mapStatus === 404)],
    ...listTimes.map((l) => [
      `${l.name}: rows visible after navigation, p50 / p95`,
      `${ms(l.timing.p50)} / ${ms(l.timing.p95)}`,
      `< ${(ROWS_VISIBLE_BUDGET_MS / 1000).toFixed(1)} s`,
      verdict(l.timing.p95 < ROWS_VISIBLE_BUDGET_MS),
    ]),
  );
} finally {
  await browser.close();
  await server.close();
}

const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
console.log(
  `\nweb app ${WEB_DIST}; ${DB}; ${RUNS} runs per measure, a new browser context (cold cache) each; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}; node ${process.version}\n`,
);
console.log(
  [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n'),
);

/** The answer to `<largest login chunk>.map`: source maps must not be public. */
async function sourceMapStatus(run: LoginPageRun): Promise<number> {
  const largest = [...run.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
  const res = await fetch(`${largest.url}.map`);
  await res.arrayBuffer();
  return res.status;
}
