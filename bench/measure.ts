import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { to as copyTo } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import { toMajor } from '@mbo/contracts/money';
import { BALANCE_TRANSACTION_PATHS, type ListBalanceTransactionsRequest } from '@mbo/contracts/balance-transactions';
import { PAYMENT_PATHS, type ListPaymentsRequest, type PaymentSort } from '@mbo/contracts/payments';
import { IDEMPOTENCY_HEADER, REFUND_PATHS } from '@mbo/contracts/refunds';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { listPayments } from '../apps/server/src/modules/payments/list-payments';
import { inlineSql, pgPoolOf } from '../apps/server/src/modules/reports/copy-csv';
import { chosenColumns, exportType } from '../apps/server/src/modules/reports/export-types';
import { writeExport, type ExportSpec, type WrittenExport } from '../apps/server/src/modules/reports/write-export';
import '../apps/server/src/modules/reports/builtin-types';

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
}

export interface ExportFigures {
  rows: number;
  seconds: number;
  /** Highest RSS seen during the export minus the RSS before it, in MB. */
  memoryGrowthMb: number;
  fileMb: number;
  /** copy: PostgreSQL's COPY wrote the CSV; rows: formatted in JS (PGlite). */
  method: WrittenExport['method'];
}

export function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return { runs: samples.length, p50: at(0.5), p95: at(0.95) };
}

export async function time(runs: number, fn: (i: number) => Promise<void>): Promise<Timing> {
  for (let i = 0; i < Math.min(5, runs); i++) await fn(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

export function envelope(res: LightMyRequestResponse, what: string) {
  const body = res.json() as { code: string; msg: string; data: unknown };
  if (body.code !== '000000') throw new Error(`${what} answered ${res.statusCode} ${body.code} ${body.msg}`);
  return body.data;
}

function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => c.split(';')[0]).join('; ');
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/usercenter/web/v1/login',
    payload: { email, password },
    remoteAddress,
  });
  envelope(res, 'login');
  return cookieOf(res);
}

/**
 * Logins as production answers them, request limits on: each from its own address, rotating over
 * accounts that share the owner's password (the per-email limit allows 20 logins in 10 minutes).
 */
export async function measureLogin(
  app: FastifyInstance,
  runs: number,
  emails: string[],
  password: string,
): Promise<Timing> {
  return time(runs, async (i) => {
    await login(app, emails[i % emails.length], password, `127.9.${(i >> 8) & 255}.${i & 255}`);
  });
}

const DAY = 24 * 3600_000;

/**
 * The list queries a merchant runs: the list as it opens (no filters, newest first), the last 30 days
 * alone and by status, method + currency, country, an email prefix, a past week, and a search by
 * payment id.
 */
export function listQueries(
  now: number,
  paymentId: string,
): (ListPaymentsRequest & { pageNum: number; pageSize: number; sort: PaymentSort })[] {
  const page = { pageNum: 1, pageSize: 20, sort: 'createdAt:desc' as const };
  const last30 = {
    ...page,
    createdFrom: new Date(now - 30 * DAY).toISOString(),
    createdTo: new Date(now).toISOString(),
  };
  return [
    { ...page },
    { ...last30 },
    { ...last30, status: ['SUCCESS'] },
    { ...last30, status: ['FAILED', 'CANCELLED'] },
    { ...last30, payMethodType: 'CARD', currency: 'EUR' },
    { ...last30, country: 'US', status: ['SUCCESS'] },
    { ...last30, keyword: 'emma' },
    { ...page, createdFrom: new Date(now - 60 * DAY).toISOString(), createdTo: new Date(now - 53 * DAY).toISOString() },
    { ...page, keyword: paymentId },
  ];
}

/** A payment id of the merchant to search for (from the middle of its history). */
export async function samplePaymentId(db: Db, merchantId: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM payments WHERE merchant_id = ${merchantId} ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST OFFSET 5000 LIMIT 1`,
    ),
  );
  if (!row) throw new Error('no payments to search for');
  return row.id;
}

export async function measureListApi(
  app: FastifyInstance,
  cookie: string,
  runs: number,
  now: number,
  paymentId: string,
): Promise<Timing> {
  const queries = listQueries(now, paymentId);
  return time(runs, async (i) => {
    const res = await app.inject({
      method: 'POST',
      url: PAYMENT_PATHS.list,
      headers: { cookie },
      payload: queries[i % queries.length],
    });
    envelope(res, 'payment list');
  });
}

/**
 * The balance transactions list's queries (Account → Balance): as it opens, the last 30 days, one
 * currency, a common and a rare type (a reversal: none in generated data, the worst case of a type
 * walk), a settlement type in one currency over 30 days, two refund types in a minor currency, a
 * past week, a reference id, and oldest first.
 */
export function balanceTransactionQueries(now: number, referenceId: string): ListBalanceTransactionsRequest[] {
  const page = { pageNum: 1, pageSize: 20, sort: 'createdAt:desc' as const };
  const last30 = {
    ...page,
    createdFrom: new Date(now - 30 * DAY).toISOString(),
    createdTo: new Date(now).toISOString(),
  };
  return [
    { ...page },
    { ...last30 },
    { ...page, currency: 'EUR' },
    { ...page, type: ['REFUND'] },
    { ...page, type: ['REFUND_REVERSAL'] },
    { ...last30, type: ['SETTLEMENT'], currency: 'EUR' },
    { ...page, type: ['REFUND', 'REFUND_REVERSAL'], currency: 'JPY' },
    { ...page, createdFrom: new Date(now - 60 * DAY).toISOString(), createdTo: new Date(now - 53 * DAY).toISOString() },
    { ...page, keyword: referenceId },
    { ...page, sort: 'createdAt:asc' },
  ];
}

/** A refund's id of the merchant to search its balance transactions for (from the middle of its history). */
export async function sampleRefundReference(db: Db, merchantId: string): Promise<string> {
  const [row] = rowsOf<{ reference_id: string }>(
    await db.execute(sql`
    SELECT reference_id FROM ledger_transactions WHERE merchant_id = ${merchantId} AND kind = 'REFUND'
     ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST OFFSET 500 LIMIT 1`),
  );
  if (!row) throw new Error('no refunds to search the balance transactions for');
  return row.reference_id;
}

/** The balance transactions list's first page under each filter set in turn, as measureListApi does for payments. */
export async function measureBalanceTransactionsApi(
  app: FastifyInstance,
  cookie: string,
  runs: number,
  now: number,
  referenceId: string,
): Promise<Timing> {
  const queries = balanceTransactionQueries(now, referenceId);
  return time(runs, async (i) => {
    const res = await app.inject({
      method: 'POST',
      url: BALANCE_TRANSACTION_PATHS.list,
      headers: { cookie },
      payload: queries[i % queries.length],
    });
    envelope(res, 'balance transaction list');
  });
}

/**
 * The same list calls from `cookies.length` users at once (each its own session): every sample is
 * one call's time while the others are in flight, as on a busy server.
 */
export async function measureListApiUnderLoad(
  app: FastifyInstance,
  cookies: string[],
  runs: number,
  now: number,
  paymentId: string,
): Promise<Timing> {
  const queries = listQueries(now, paymentId);
  const samples: number[] = [];
  const perUser = Math.ceil(runs / cookies.length);
  await Promise.all(
    cookies.map(async (cookie, user) => {
      for (let i = -2; i < perUser; i++) {
        const start = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: PAYMENT_PATHS.list,
          headers: { cookie },
          payload: queries[(user + Math.max(i, 0)) % queries.length],
        });
        envelope(res, 'payment list');
        if (i >= 0) samples.push(performance.now() - start);
      }
    }),
  );
  return percentiles(samples);
}

/** The same list (count + page) straight on the database, without HTTP, session, validation or JSON. */
export async function measureListSql(
  db: Db,
  merchantId: string,
  runs: number,
  now: number,
  paymentId: string,
): Promise<Timing> {
  const queries = listQueries(now, paymentId);
  return time(runs, async (i) => {
    await listPayments(db, merchantId, queries[i % queries.length]);
  });
}

export async function measureDetail(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  merchantId: string,
  runs: number,
): Promise<Timing> {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM payments WHERE merchant_id = ${merchantId} ORDER BY created_at DESC LIMIT 500`),
  ).map((r) => r.id);
  return time(runs, async (i) => {
    const res = await app.inject({
      method: 'GET',
      url: `${PAYMENT_PATHS.detail}?paymentId=${ids[(i * 7) % ids.length]}`,
      headers: { cookie },
    });
    envelope(res, 'payment detail');
  });
}

/** Partial refunds of distinct successful payments (recent, in EUR, so the balance covers them). */
export async function measureRefund(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  merchantId: string,
  runs: number,
): Promise<Timing> {
  const candidates = rowsOf<{ id: string; amount: string | number; currency: string }>(
    await db.execute(sql`SELECT id, amount, currency FROM payments
      WHERE merchant_id = ${merchantId} AND status = 'SUCCESS' AND refund_status = 'NONE' AND dispute_status IS NULL AND currency = 'EUR'
        AND amount >= 200 AND created_at > now() - interval '60 days'
      ORDER BY created_at DESC LIMIT ${runs + 10}`),
  );
  if (candidates.length < runs + 5) throw new Error(`only ${candidates.length} payments to refund; generate more`);
  return time(runs, async (i) => {
    const p = candidates[i];
    const res = await app.inject({
      method: 'POST',
      url: REFUND_PATHS.create,
      headers: { cookie, [IDEMPOTENCY_HEADER]: `bench-${p.id}` },
      payload: { paymentId: p.id, amount: toMajor(100, p.currency).toFixed(2), reason: 'REQUESTED_BY_CUSTOMER' },
    });
    envelope(res, 'refund');
  });
}

const exportSpec = (merchantId: string, now: number): ExportSpec => ({
  type: 'PAYMENTS',
  merchantId,
  format: 'CSV',
  params: {
    createdFrom: new Date(now - 365 * DAY).toISOString(),
    createdTo: new Date(now + DAY).toISOString(),
    timeZone: 'UTC',
    filters: {},
    columns: [],
  },
});

/**
 * The highest RSS of this process while `work` runs, minus the RSS before it (after a GC when node runs with
 * --expose-gc).
 */
export async function rssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * PGlite runs the database inside the server's process, so its buffer cache (shared_buffers, 128 MB)
 * is this process's memory, where PostgreSQL's is another process's. Reading every payment of the
 * merchant once fills it; the export is then measured on a warm cache, as on PostgreSQL, and this
 * growth is printed on its own row. On PostgreSQL it reads nothing (0).
 */
export async function warmDatabaseCache(db: Db, merchantId: string): Promise<number> {
  if (pgPoolOf(db)) return 0;
  const { growthMb } = await rssGrowth(() =>
    db.execute(sql`SELECT sum(octet_length(p::text)) FROM payments p WHERE merchant_id = ${merchantId}`),
  );
  return growthMb;
}

/**
 * Exports every payment of the last year to CSV (the default columns) as the export job does
 * (`writeExport` into a file), sampling this process's RSS every 25 ms: the growth is the highest
 * RSS during the export minus the RSS before it (after a GC when node runs with --expose-gc).
 */
export async function measureExport(db: Db, merchantId: string, now: number, dir: string): Promise<ExportFigures> {
  const file = path.join(dir, 'bench-export.csv');
  const start = performance.now();
  try {
    const { result: written, growthMb } = await rssGrowth(() =>
      writeExport(db, exportSpec(merchantId, now), fs.createWriteStream(file)),
    );
    const seconds = (performance.now() - start) / 1000;
    return {
      rows: written.rows,
      seconds,
      memoryGrowthMb: growthMb,
      fileMb: fs.statSync(file).size / 1e6,
      method: written.method,
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** What the export's memory looks like on its own: the peak while writing, and what stays once it is done. */
export interface ExportMemory {
  format: ExportSpec['format'];
  rows: number;
  seconds: number;
  /** Highest RSS during the export minus the RSS before it, in MB. */
  peakGrowthMb: number;
  /** Heap used after the export and a full GC, minus the heap before it, in MB (nothing of the rows is kept). */
  retainedHeapMb: number;
}

/** A full garbage collection, without starting node with --expose-gc. */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/**
 * The newest `rows` payments of the merchant exported to `format` as the export job does (rows
 * formatted in JS, which is what XLSX always takes), with a full GC before and after: the peak RSS
 * growth, and the heap the export left behind.
 */
export async function measureExportMemory(
  db: Db,
  merchantId: string,
  now: number,
  dir: string,
  format: ExportSpec['format'],
  rows: number,
): Promise<ExportMemory> {
  const [edge] = rowsOf<{ from: string }>(
    await db.execute(sql`
    SELECT created_at AS from FROM payments WHERE merchant_id = ${merchantId} ORDER BY created_at DESC OFFSET ${rows - 1} LIMIT 1`),
  );
  const spec = exportSpec(merchantId, now);
  const file = path.join(dir, `bench-export-memory.${format.toLowerCase()}`);
  const windowed: ExportSpec = {
    ...spec,
    format,
    params: { ...spec.params, createdFrom: new Date(edge?.from ?? spec.params.createdFrom).toISOString() },
  };
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  try {
    const { result: written, growthMb } = await rssGrowth(() =>
      writeExport(db, windowed, fs.createWriteStream(file), { noCopy: true }),
    );
    const seconds = (performance.now() - start) / 1000;
    collectGarbage();
    return {
      format,
      rows: written.rows,
      seconds,
      peakGrowthMb: growthMb,
      retainedHeapMb: (process.memoryUsage().heapUsed - heapBefore) / 1e6,
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * The floor: `COPY (SELECT <the export's columns, unformatted> FROM … WHERE … ORDER BY …) TO STDOUT`
 * of the same rows in the same order, read and thrown away. On PGlite (no COPY stream) into its
 * in-memory /dev/blob.
 */
export async function measureCopyFloor(
  db: Db,
  merchantId: string,
  now: number,
): Promise<{ seconds: number; mb: number }> {
  const spec = exportSpec(merchantId, now);
  const def = exportType(spec.type);
  if (!def?.source) throw new Error('the payments export has no SQL source');
  const source = def.source(merchantId, spec.params);
  const raw = chosenColumns(def, spec.params.columns).map((c) => c.sql ?? sql`NULL`);
  const select = inlineSql(
    sql`SELECT ${sql.join(raw, sql`, `)} FROM ${source.from} WHERE ${source.where} ORDER BY ${source.orderBy}`,
  );
  const start = performance.now();
  const pool = pgPoolOf(db);
  if (pool) {
    const client = await pool.connect();
    let bytes = 0;
    try {
      await pipeline(
        client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT csv)`)),
        new Writable({
          write(chunk: Buffer, _enc, done) {
            bytes += chunk.length;
            done();
          },
        }),
      );
    } finally {
      client.release();
    }
    return { seconds: (performance.now() - start) / 1000, mb: bytes / 1e6 };
  }
  const pglite = (db as unknown as { $client: PGlite }).$client;
  const result = await pglite.query(`COPY (${select}) TO '/dev/blob' (FORMAT csv)`);
  return { seconds: (performance.now() - start) / 1000, mb: (result.blob?.size ?? 0) / 1e6 };
}
