import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, type ListPaymentsQuery } from '@mbo/contracts/payments';
import pg from 'pg';
import { computed, typedRows } from '../../db/typed-rows';
import { createTestApp, type TestApp } from '../../test/harness';
import { databaseUrl } from '../../test/pg-admin';
import { listPayments, paymentStatusCounts } from './list-payments';

/** Bulk payments of one merchant: `n` rows a minute apart from `start`, emails `${emailPrefix}${g}@example.test`. */
async function bulk(t: TestApp, merchantId: string, tag: string, n: number, start: string, emailPrefix: string) {
  await t.app.db.execute(sql`
    INSERT INTO payments (id, merchant_id, merchant_order_no, amount, currency, status, pay_method_type, pay_method_name, country, customer_email, customer_name, created_at)
    SELECT ${`PAY${tag}`} || g, ${merchantId}, ${`ORD${tag}`} || g, 100 + g, 'SGD', CASE WHEN g % 10 = 0 THEN 'FAILED' ELSE 'SUCCESS' END, 'CARD', 'VISA', 'SG',
           ${emailPrefix} || g || '@example.test', 'Bulk', ${start}::timestamptz + g * interval '1 minute'
      FROM generate_series(1, ${n}) g`);
  await analyzePayments(t);
}

/**
 * Fresh planner statistics. On PostgreSQL as the tables' owner: the app's role may not ANALYZE (it would only warn).
 */
async function analyzePayments(t: TestApp) {
  if (t.kind === 'pglite') {
    await t.app.db.execute(sql`ANALYZE payments`);
    return;
  }
  const [{ name }] = await typedRows(t.app.db, { name: computed(String) }, sql`SELECT current_database() AS name`);
  const owner = new pg.Client({ connectionString: databaseUrl(name) });
  await owner.connect();
  try {
    await owner.query('ANALYZE payments');
  } finally {
    await owner.end();
  }
}

const page = (q: Partial<ListPaymentsQuery>): ListPaymentsQuery => ({
  pageNum: 1,
  pageSize: 20,
  sort: 'createdAt:desc',
  ...q,
});

describe('listPayments totals at scale', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('counts a keyword exactly across its alternatives (id, order no, email prefix), each row once', async () => {
    await bulk(t, 'M1000002', 'KW', 40, '2003-01-01T00:00:00Z', 'kwbuyer');
    // PAYKW7 matches by id; ORDKW8's payment by order no; kwbuyer1… by email prefix: 1, 10–19, 100… (none above 40).
    const range = { createdFrom: '2003-01-01T00:00:00Z', createdTo: '2003-12-31T00:00:00Z' };
    const byEmail = await listPayments(t.app.db, 'M1000002', page({ ...range, keyword: 'KWBUYER1' }));
    expect(byEmail).toMatchObject({ total: 11, totalExact: true });
    expect(byEmail.records).toHaveLength(11);
    const byId = await listPayments(t.app.db, 'M1000002', page({ ...range, keyword: 'PAYKW7' }));
    expect(byId).toMatchObject({ total: 1, totalExact: true });
    expect(byId.records[0].paymentId).toBe('PAYKW7');
    const byOrder = await listPayments(t.app.db, 'M1000002', page({ ...range, keyword: 'ORDKW8' }));
    expect(byOrder.records.map((r) => r.merchantOrderNo)).toEqual(['ORDKW8']);
    expect(byOrder.total).toBe(1);
    // With the other filters: only the FAILED ones of the email matches (10).
    const failed = await listPayments(
      t.app.db,
      'M1000002',
      page({ ...range, keyword: 'kwbuyer1', status: ['FAILED'] }),
    );
    expect(failed).toMatchObject({ total: 1, totalExact: true });
    // Another merchant's payments never count.
    expect((await listPayments(t.app.db, 'M1000001', page({ ...range, keyword: 'kwbuyer1' }))).total).toBe(0);
  });

  it('caps a keyword count at the limit and then estimates', async () => {
    await bulk(t, 'M1000003', 'KWBIG', EXACT_COUNT_LIMIT + 300, '2004-01-01T00:00:00Z', 'many');
    const listed = await listPayments(t.app.db, 'M1000003', page({ keyword: 'many' }));
    expect(listed.totalExact).toBe(false);
    expect(listed.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(listed.records[0].paymentId).toBe(`PAYKWBIG${EXACT_COUNT_LIMIT + 300}`);
  });

  // 55,000 rows: PGlite takes its time to insert them.
  it('takes a planner estimate five times the limit as the total without counting', { timeout: 180_000 }, async () => {
    const n = 5 * EXACT_COUNT_LIMIT + 5000;
    await bulk(t, 'M1000003', 'EST', n, '2005-01-01T00:00:00Z', 'est');
    const range = { createdFrom: '2005-01-01T00:00:00Z', createdTo: '2005-12-31T00:00:00Z' };
    const listed = await listPayments(t.app.db, 'M1000003', page(range));
    expect(listed.totalExact).toBe(false);
    // The estimate of an analysed table is close to the truth.
    expect(Math.abs(listed.total - n) / n).toBeLessThan(0.1);
    expect(listed.records[0].paymentId).toBe(`PAYEST${n}`);
    // A rare status under the same range is still counted exactly (its estimate is below five times the limit).
    const counts = await paymentStatusCounts(t.app.db, 'M1000003', range);
    expect(counts.FAILED).toBe(n / 10);
    expect(counts.SUCCESS).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });
});
