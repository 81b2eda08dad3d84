import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { toMajor } from '@mbo/contracts/money';
import { PAYMENT_PATHS, type ListPaymentsRequest, type PaymentSort } from '@mbo/contracts/payments';
import { IDEMPOTENCY_HEADER, REFUND_PATHS } from '@mbo/contracts/refunds';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { listPayments } from '../apps/server/src/modules/payments/list-payments';

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
}

export function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return { runs: samples.length, p50: at(0.5), p95: at(0.95) };
}

async function time(runs: number, fn: (i: number) => Promise<void>): Promise<Timing> {
  for (let i = 0; i < Math.min(5, runs); i++) await fn(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

function envelope(res: LightMyRequestResponse, what: string) {
  const body = res.json() as { code: string; msg: string; data: unknown };
  if (body.code !== '000000') throw new Error(`${what} answered ${res.statusCode} ${body.code} ${body.msg}`);
  return body.data;
}

function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => c.split(';')[0]).join('; ');
}

export async function login(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/usercenter/web/v1/login', payload: { email, password }, remoteAddress });
  envelope(res, 'login');
  return cookieOf(res);
}

/**
 * Logins as production answers them, request limits on: each from its own address, rotating over
 * accounts that share the owner's password (the per-email limit allows 20 logins in 10 minutes).
 */
export async function measureLogin(app: FastifyInstance, runs: number, emails: string[], password: string): Promise<Timing> {
  return time(runs, async (i) => {
    await login(app, emails[i % emails.length], password, `127.9.${(i >> 8) & 255}.${i & 255}`);
  });
}

const DAY = 24 * 3600_000;

/** The list queries a merchant runs most: the last 30 days, by status, method, currency, email prefix. */
export function listQueries(now: number): (ListPaymentsRequest & { pageNum: number; pageSize: number; sort: PaymentSort })[] {
  const last30 = { createdFrom: new Date(now - 30 * DAY).toISOString(), createdTo: new Date(now).toISOString(), pageNum: 1, pageSize: 20, sort: 'createdAt:desc' as const };
  return [
    { ...last30 },
    { ...last30, status: ['SUCCESS'] },
    { ...last30, status: ['FAILED', 'CANCELLED'] },
    { ...last30, payMethodType: 'CARD', currency: 'EUR' },
    { ...last30, country: 'US', status: ['SUCCESS'] },
    { ...last30, keyword: 'emma' },
  ];
}

export async function measureListApi(app: FastifyInstance, cookie: string, runs: number, now: number): Promise<Timing> {
  const queries = listQueries(now);
  return time(runs, async (i) => {
    const res = await app.inject({ method: 'POST', url: PAYMENT_PATHS.list, headers: { cookie }, payload: queries[i % queries.length] });
    envelope(res, 'payment list');
  });
}

/** The same list (count + page) straight on the database, without HTTP, session, validation or JSON. */
export async function measureListSql(db: Db, merchantId: string, runs: number, now: number): Promise<Timing> {
  const queries = listQueries(now);
  return time(runs, async (i) => {
    await listPayments(db, merchantId, queries[i % queries.length]);
  });
}

export async function measureDetail(app: FastifyInstance, db: Db, cookie: string, merchantId: string, runs: number): Promise<Timing> {
  const ids = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM payments WHERE merchant_id = ${merchantId} ORDER BY created_at DESC LIMIT 500`)).map((r) => r.id);
  return time(runs, async (i) => {
    const res = await app.inject({ method: 'GET', url: `${PAYMENT_PATHS.detail}?paymentId=${ids[(i * 7) % ids.length]}`, headers: { cookie } });
    envelope(res, 'payment detail');
  });
}

/** Partial refunds of distinct successful payments (recent, in EUR, so the balance covers them). */
export async function measureRefund(app: FastifyInstance, db: Db, cookie: string, merchantId: string, runs: number): Promise<Timing> {
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
      method: 'POST', url: REFUND_PATHS.create,
      headers: { cookie, [IDEMPOTENCY_HEADER]: `bench-${p.id}` },
      payload: { paymentId: p.id, amount: toMajor(100, p.currency).toFixed(2), reason: 'REQUESTED_BY_CUSTOMER' },
    });
    envelope(res, 'refund');
  });
}

/** Exports every payment of the last year to CSV, polling until done, sampling this process's RSS. */
export async function measureExport(app: FastifyInstance, cookie: string, now: number, timeoutS = 1800): Promise<ExportFigures> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const start = performance.now();
  try {
    const created = envelope(await app.inject({
      method: 'POST', url: REPORT_PATHS.create, headers: { cookie },
      payload: { type: 'PAYMENTS', format: 'CSV', timeZone: 'UTC', createdFrom: new Date(now - 365 * DAY).toISOString(), createdTo: new Date(now + DAY).toISOString(), filters: {}, columns: [] },
    }), 'export create') as { exportId: string };
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const job = envelope(await app.inject({ method: 'GET', url: `${REPORT_PATHS.detail}?exportId=${created.exportId}`, headers: { cookie } }), 'export detail') as {
        status: string; processedRows: number; fileSize: number | null; error: string | null;
      };
      if (job.status === 'SUCCESS') {
        return { rows: job.processedRows, seconds: (performance.now() - start) / 1000, memoryGrowthMb: (peak - before) / 1e6, fileMb: (job.fileSize ?? 0) / 1e6 };
      }
      if (job.status === 'FAILED') throw new Error(`export failed: ${job.error}`);
      if (performance.now() - start > timeoutS * 1000) throw new Error('export did not finish in time');
    }
  } finally {
    clearInterval(sampler);
  }
}
