/**
 * The settlement rows of `npm run bench` (issue 9): settlement history, clearing batch lists and
 * estimation of the generated merchant at its size, and a day of 100,000 payments settled by the
 * settlement job, then the first pages of that settlement's transactions.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SETTLEMENT_PATHS, type ListBatchesRequest, type ListSettlementsRequest } from '@mbo/contracts/settlements';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { generatePayments } from '../apps/server/src/seed/generate-payments';
import { runSettlementCycle } from '../apps/server/src/modules/settlements/settle-batches';
import { envelope, rssGrowth, time, type Timing } from './measure';

const DAY = 86_400_000;
const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';

/** Settlement history calls: no filter, a currency, a status, a 90-day range, a keyword, the oldest first. */
function settlementQueries(now: number, settlementId: string): ListSettlementsRequest[] {
  const range = { createdFrom: new Date(now - 90 * DAY).toISOString(), createdTo: new Date(now).toISOString() };
  return [
    { pageNum: 1, pageSize: 20 },
    { pageNum: 1, pageSize: 20, currency: 'USD' },
    { pageNum: 1, pageSize: 20, status: ['PAID'], ...range },
    { pageNum: 2, pageSize: 50, currency: 'EUR', ...range },
    { pageNum: 1, pageSize: 20, keyword: settlementId },
    { pageNum: 1, pageSize: 20, sort: 'settlementDay:asc' },
  ];
}

function batchQueries(now: number): ListBatchesRequest[] {
  const range = { createdFrom: new Date(now - 60 * DAY).toISOString(), createdTo: new Date(now + DAY).toISOString() };
  return [
    { state: 'OPEN', pageNum: 1, pageSize: 20 },
    { state: 'CLOSED', pageNum: 1, pageSize: 20 },
    { state: 'CLOSED', pageNum: 3, pageSize: 20, currency: 'USD', ...range },
    { state: 'OPEN', pageNum: 1, pageSize: 20, currency: 'EUR' },
    { state: 'CLOSED', pageNum: 1, pageSize: 50, sort: 'closesAt:asc' },
  ];
}

export async function sampleSettlementId(db: Db, merchantId: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM settlements WHERE merchant_id = ${merchantId} ORDER BY settlement_day DESC, id DESC OFFSET 40 LIMIT 1`,
    ),
  );
  if (!row) throw new Error(`${merchantId} has no settlements: the generator replays the settlement cycle`);
  return row.id;
}

export async function measureSettlementList(
  app: FastifyInstance,
  cookie: string,
  runs: number,
  now: number,
  settlementId: string,
): Promise<Timing> {
  const queries = settlementQueries(now, settlementId);
  return time(runs, async (i) => {
    envelope(
      await app.inject({
        method: 'POST',
        url: SETTLEMENT_PATHS.list,
        headers: { cookie },
        payload: queries[i % queries.length],
      }),
      'settlement list',
    );
  });
}

export async function measureBatchList(
  app: FastifyInstance,
  cookie: string,
  runs: number,
  now: number,
): Promise<Timing> {
  const queries = batchQueries(now);
  return time(runs, async (i) => {
    envelope(
      await app.inject({
        method: 'POST',
        url: SETTLEMENT_PATHS.batchList,
        headers: { cookie },
        payload: queries[i % queries.length],
      }),
      'batch list',
    );
  });
}

export async function measureEstimation(app: FastifyInstance, cookie: string, runs: number): Promise<Timing> {
  return time(runs, async () => {
    envelope(
      await app.inject({ method: 'GET', url: SETTLEMENT_PATHS.estimation, headers: { cookie }, query: { days: '30' } }),
      'estimation',
    );
  });
}

export interface SettlementDayFigures {
  payments: number;
  seconds: number;
  memoryGrowthMb: number;
  settlementId: string;
  settlementPayments: number;
}

/**
 * A day of `count` payments for `merchantId`, in euros only, every service of the day on T+1 (so one
 * settlement holds them all), left unsettled by the generator; then the settlement job's cycle run
 * as of ten days later, timed, with the server process's memory growth.
 */
export async function settleOneDay(db: Db, merchantId: string, count: number): Promise<SettlementDayFigures> {
  await db.execute(
    sql`UPDATE payin_services SET settlement_cycle_days = 1 WHERE merchant_id = ${merchantId} AND currency = 'EUR'`,
  );
  // 10:00 to 16:00 UTC of the last working-day-like slot: before the 18:00 cut-off in Europe.
  const today16 = new Date(new Date().toISOString().slice(0, 10) + 'T16:00:00Z');
  const now = today16.getTime() > Date.now() ? new Date(today16.getTime() - DAY) : today16;
  const generated = await generatePayments(db, {
    merchantId,
    count,
    profile: 'EURO_AREA',
    days: 0.25,
    seed: 7,
    settle: false,
    now,
    refundRate: 0.02,
  });
  const started = performance.now();
  const { growthMb } = await rssGrowth(() =>
    runSettlementCycle(db, { merchantId, now: new Date(now.getTime() + 10 * DAY) }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [biggest] = rowsOf<{ id: string; payment_count: number }>(
    await db.execute(
      sql`SELECT id, payment_count FROM settlements WHERE merchant_id = ${merchantId} ORDER BY payment_count DESC LIMIT 1`,
    ),
  );
  return {
    payments: generated.succeeded,
    seconds,
    memoryGrowthMb: growthMb,
    settlementId: biggest.id,
    settlementPayments: Number(biggest.payment_count),
  };
}

/** Pages 1 to 5 of the settlement's payments, as the owner switched to its merchant. */
export async function measureSettlementTransactions(
  app: FastifyInstance,
  cookie: string,
  merchantId: string,
  runs: number,
  settlementId: string,
): Promise<Timing> {
  envelope(
    await app.inject({ method: 'POST', url: SWITCH, headers: { cookie }, payload: { merchantId } }),
    'switch merchant',
  );
  return time(runs, async (i) => {
    const payload = { settlementId, pageNum: 1 + (i % 5), pageSize: 20 };
    envelope(
      await app.inject({ method: 'POST', url: SETTLEMENT_PATHS.transactions, headers: { cookie }, payload }),
      'settlement transactions',
    );
  });
}
