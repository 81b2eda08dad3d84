/**
 * The disputes rows of `npm run bench` (issue 10): the disputes list at 100,000 disputes of the
 * generated merchant (seed/generate-disputes.ts), with the list's filters.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DISPUTE_PATHS, type ListDisputesRequest } from '@mbo/contracts/disputes';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { generateDisputes } from '../apps/server/src/seed/generate-disputes';
import { envelope, time, type Timing } from './measure';

const DAY = 86_400_000;

/** Disputes of the merchant, generated up to `target` when it has fewer (a kept database keeps them). */
export async function ensureDisputes(db: Db, merchantId: string, target: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM disputes WHERE merchant_id = ${merchantId}`),
  );
  if (row.n < target) {
    await generateDisputes(db, merchantId, target - row.n);
    // The generator marked their payments too: what autovacuum would do by the time a merchant looks.
    await db.execute(sql`VACUUM ANALYZE payments`);
  }
  await db.execute(sql`VACUUM ANALYZE disputes`);
  return rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM disputes WHERE merchant_id = ${merchantId}`),
  )[0].n;
}

/**
 * The list calls a merchant makes: the tabs, needing evidence by due date, a reason, a range, an amount, a keyword, a
 * deep page.
 */
async function disputeQueries(db: Db, merchantId: string, now: number): Promise<ListDisputesRequest[]> {
  const [one] = rowsOf<{ id: string; payment_id: string }>(
    await db.execute(
      sql`SELECT id, payment_id FROM disputes WHERE merchant_id = ${merchantId} ORDER BY id OFFSET 500 LIMIT 1`,
    ),
  );
  const range = { createdFrom: new Date(now - 30 * DAY).toISOString(), createdTo: new Date(now).toISOString() };
  return [
    { pageNum: 1, pageSize: 20 },
    { pageNum: 1, pageSize: 20, type: ['CHARGEBACK'] },
    { pageNum: 1, pageSize: 20, type: ['CUSTOMER_DISPUTE'], status: ['EVIDENCE_REQUIRED'], sort: 'dueAt:asc' },
    { pageNum: 1, pageSize: 20, status: ['LOST', 'EXPIRED'], ...range },
    { pageNum: 1, pageSize: 20, type: ['CHARGEBACK'], reason: ['FRAUDULENT'] },
    { pageNum: 1, pageSize: 20, currency: 'USD', amountMin: 10_000, amountMax: 50_000 },
    { pageNum: 1, pageSize: 20, dueFrom: new Date(now).toISOString(), dueTo: new Date(now + 3 * DAY).toISOString() },
    { pageNum: 1, pageSize: 20, keyword: one.id },
    { pageNum: 1, pageSize: 20, keyword: one.payment_id },
    { pageNum: 10, pageSize: 50, type: ['CHARGEBACK'] },
  ];
}

export async function measureDisputeList(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  merchantId: string,
  runs: number,
  now: number,
): Promise<Timing> {
  const queries = await disputeQueries(db, merchantId, now);
  return time(runs, async (i) => {
    envelope(
      await app.inject({
        method: 'POST',
        url: DISPUTE_PATHS.list,
        headers: { cookie },
        payload: queries[i % queries.length],
      }),
      'dispute list',
    );
  });
}
