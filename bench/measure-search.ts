/**
 * The global search (`POST /usercenter/web/v1/search`, modules/search) over the generated payments: one
 * row per kind of query, each timed `runs` times from the caller's side of app.inject (routing, session,
 * validation, the one statement of capped branches, JSON). Budget p95 < 100 ms on PostgreSQL at
 * 1,000,000 payments.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatAmount } from '@mbo/contracts/money';
import { SEARCH_PATHS, type SearchResults } from '@mbo/contracts/search';
import { rowsOf, type Db } from '../apps/server/src/db/client';
import { envelope, time, type Timing } from './measure';

export interface SearchQuery {
  name: string;
  query: string;
}

export interface SearchFigures extends Timing {
  name: string;
  query: string;
  /** Records the query found (its first answer). */
  found: number;
}

/**
 * The queries, from a card payment of the merchant some way down its history (not the newest, which any
 * plan would meet first): its id, order number, the start of its customer's email (4 characters: many
 * customers share it), its card's last 4 with its amount, its amount with its currency, and a bare
 * one-letter query.
 */
export async function searchQueries(db: Db, merchantId: string): Promise<SearchQuery[]> {
  const [p] = rowsOf<{
    id: string;
    merchant_order_no: string;
    customer_email: string;
    card_last4: string;
    amount: string;
    currency: string;
  }>(
    await db.execute(sql`
      SELECT id, merchant_order_no, customer_email, card_last4, amount, currency FROM payments
      WHERE merchant_id = ${merchantId} AND card_last4 IS NOT NULL
      ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST OFFSET 1000 LIMIT 1`),
  );
  if (!p) throw new Error('no card payment to search for');
  const amount = formatAmount(Number(p.amount), p.currency);
  return [
    { name: 'payment id', query: p.id },
    { name: 'order number', query: p.merchant_order_no },
    { name: 'email prefix', query: p.customer_email.slice(0, 4) },
    { name: 'last 4 + amount', query: `${p.card_last4} ${amount}` },
    { name: 'amount + currency', query: `${amount} ${p.currency}` },
    { name: 'bare short query', query: 'a' },
  ];
}

export async function measureSearch(
  app: FastifyInstance,
  cookie: string,
  queries: SearchQuery[],
  runs: number,
): Promise<SearchFigures[]> {
  const out: SearchFigures[] = [];
  for (const { name, query } of queries) {
    let found = -1;
    const timing = await time(runs, async () => {
      const data = envelope(
        await app.inject({ method: 'POST', url: SEARCH_PATHS.search, headers: { cookie }, payload: { query } }),
        `search by ${name}`,
      ) as SearchResults;
      if (found < 0) found = data.groups.reduce((n, g) => n + g.records.length, 0);
    });
    out.push({ ...timing, name, query, found });
  }
  return out;
}
