import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { computed, typedRows } from '../../db/typed-rows';
import { newId } from '../../lib/ids';
import { createTestApp, type TestApp } from '../../test/harness';
import { api, insertApiKey } from './api-test-helpers';

const A = 'M1000001';
/** A merchant of its own for the rows this test writes (a sub-merchant of the demo). */
const C = 'M1000003';

interface Page {
  object: string;
  data: { id: string; status: string; currency: string; merchantOrderNo: string; createdAt: string }[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** Cursor paging of the lists: every page walk sees each object once, in order, whatever the ties in created_at. */
describe('merchant API: cursor paging', () => {
  let t: TestApp;
  let keyA: string;
  let keyC: string;
  const db = () => t.database.db;
  /** The ids a query selects (of any of the tables). */
  const idsOf = async (query: ReturnType<typeof sql>) =>
    (await typedRows(db(), { id: computed(String) }, query)).map((r) => r.id);

  /** Every page of `url` (limit and filters in it), following nextCursor; the pages' ids in order. */
  async function walk(url: string, authorization: string): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = url.includes('?') ? '&' : '?';
      const res = await api(t.app, 'GET', cursor ? `${url}${sep}starting_after=${cursor}` : url, { authorization });
      expect(res.status, url).toBe(200);
      const page = res.body as Page;
      expect(page.object).toBe('list');
      pages++;
      ids.push(...page.data.map((o) => o.id));
      expect(page.nextCursor).toBe(page.hasMore ? page.data[page.data.length - 1].id : null);
      cursor = page.nextCursor;
    } while (cursor);
    return { ids, pages };
  }

  /** A payment written as it is stored, at an exact instant (microseconds kept). */
  async function insertPayment(
    merchantId: string,
    at: string,
    p: { status?: string; currency?: string; orderNo?: string } = {},
  ): Promise<string> {
    const id = newId('PAY');
    await db().execute(sql`
      INSERT INTO payments (id, merchant_id, merchant_order_no, amount, currency, status, pay_method_type, pay_method_name, country, customer_email, customer_name, created_at)
      VALUES (${id}, ${merchantId}, ${p.orderNo ?? `SO-${id}`}, 1000, ${p.currency ?? 'USD'}, ${p.status ?? 'FAILED'}, 'CARD', 'VISA', 'NL', 'paging@example.test', 'Paging Test', ${at}::timestamptz)`);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { apiKeyRateLimit: { max: 100_000, windowMs: 1000 } } });
    keyA = (await insertApiKey(db(), A)).authorization;
    keyC = (await insertApiKey(db(), C)).authorization;
    // Ties: 12 payments at one instant, and instants a microsecond apart (a JavaScript Date would merge them).
    for (let i = 0; i < 12; i++)
      await insertPayment(C, '2026-03-01T10:00:00.000000Z', {
        status: i % 3 === 0 ? 'SUCCESS' : 'FAILED',
        currency: i % 2 ? 'JPY' : 'USD',
      });
    for (let i = 1; i <= 6; i++)
      await insertPayment(C, `2026-03-01T10:00:00.00000${i}Z`, { currency: 'EUR', orderNo: 'SO-SHARED' });
    for (let i = 0; i < 5; i++)
      await insertPayment(C, `2026-02-0${i + 1}T08:00:00Z`, {
        status: 'PENDING',
        orderNo: i < 2 ? 'SO-SHARED' : undefined,
      });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('walks every payment of the merchant once, newest first, with no gap or duplicate', async () => {
    const expected = await idsOf(
      sql`SELECT id FROM payments WHERE merchant_id = ${A} ORDER BY created_at DESC, id DESC`,
    );
    expect(expected.length).toBeGreaterThan(100);
    const { ids, pages } = await walk('/api/v1/payments?limit=37', keyA);
    expect(ids).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 37) + (expected.length % 37 === 0 ? 1 : 0));
    // The default page is 20.
    expect((await api(t.app, 'GET', '/api/v1/payments', { authorization: keyA })).body.data).toHaveLength(20);
  });

  it('keeps ties in created_at and microsecond instants apart: every page size gives the same sequence', async () => {
    const expected = await idsOf(
      sql`SELECT id FROM payments WHERE merchant_id = ${C} ORDER BY created_at DESC, id DESC`,
    );
    expect(expected.length).toBeGreaterThanOrEqual(23);
    for (const limit of [1, 2, 3, 5, 7, 100])
      expect((await walk(`/api/v1/payments?limit=${limit}`, keyC)).ids, `limit ${limit}`).toEqual(expected);
  });

  it('filters by status, currency, merchantOrderNo and creation time, paging within the filter', async () => {
    const cases: [query: string, where: ReturnType<typeof sql>][] = [
      ['status=FAILED', sql`status = 'FAILED'`],
      ['currency=JPY', sql`currency = 'JPY'`],
      ['status=FAILED&currency=USD', sql`status = 'FAILED' AND currency = 'USD'`],
      ['merchantOrderNo=SO-SHARED', sql`merchant_order_no = 'SO-SHARED'`],
      ['createdFrom=2026-03-01T10:00:00.000002Z', sql`created_at >= '2026-03-01T10:00:00.000002Z'`],
      ['createdTo=2026-02-03T08:00:00Z', sql`created_at <= '2026-02-03T08:00:00Z'`],
      [
        'createdFrom=2026-02-02T00:00:00Z&createdTo=2026-03-01T10:00:00Z&status=PENDING',
        sql`created_at BETWEEN '2026-02-02T00:00:00Z' AND '2026-03-01T10:00:00Z' AND status = 'PENDING'`,
      ],
    ];
    for (const [query, where] of cases) {
      const expected = await idsOf(
        sql`SELECT id FROM payments WHERE merchant_id = ${C} AND ${where} ORDER BY created_at DESC, id DESC`,
      );
      expect(expected.length, query).toBeGreaterThan(0);
      expect((await walk(`/api/v1/payments?limit=2&${query}`, keyC)).ids, query).toEqual(expected);
    }
    const none = await api(t.app, 'GET', '/api/v1/payments?merchantOrderNo=NO-SUCH-ORDER', { authorization: keyC });
    expect(none.body).toEqual({ object: 'list', data: [], hasMore: false, nextCursor: null });
  });

  it("pages other merchants' lists the same way, each scoped to its merchant", async () => {
    for (const path of ['disputes', 'settlements']) {
      const expected = await idsOf(
        sql`SELECT id FROM ${sql.raw(path)} WHERE merchant_id = ${A} ORDER BY created_at DESC, id DESC`,
      );
      expect(expected.length, path).toBeGreaterThan(1);
      expect((await walk(`/api/v1/${path}?limit=1`, keyA)).ids, path).toEqual(expected);
    }
    // A page of another merchant's list never starts from this merchant's object.
    const [mine] = await idsOf(sql`SELECT id FROM payments WHERE merchant_id = ${A} LIMIT 1`);
    expect((await api(t.app, 'GET', `/api/v1/payments?starting_after=${mine}`, { authorization: keyC })).status).toBe(
      400,
    );
  });
});
